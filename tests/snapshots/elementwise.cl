// E_256_1024: LOCAL(256) UPCAST(out,4) 
__kernel void E_256_1024(__global float* restrict p0, __global const float* restrict p1, __global const float* restrict p2, __global const float* restrict p3) {
  long v4 = (((long)get_global_id(0)) * 4L);
  long v6 = (((long)get_global_id(1)) * 1024L);
  long v7 = (v4 + v6);
  float4 v8 = vload4(0, p1 + v7);
  float4 v9 = vload4(0, p2 + v7);
  float4 v10 = (v8 + v9);
  float4 v11 = vload4(0, p3 + v4);
  float4 v12 = (v10 * v11);
  vstore4(v12, 0, p0 + v7);
}

