// E_256_1024: LOCAL(256) UPCAST(out,4) 
__kernel void E_256_1024(__global float* restrict p0, __global const float* restrict p1, __global const float* restrict p2, __global const float* restrict p3) {
  long v2 = (((long)get_global_id(0)) * 4L);
  float4 v3 = vload4(0, p1 + v2);
  float4 v4 = vload4(0, p2 + v2);
  float4 v5 = (v3 + v4);
  long v7 = (((long)get_global_id(0)) % 256L);
  long v8 = (v7 * 4L);
  float4 v9 = vload4(0, p3 + v8);
  float4 v10 = (v5 * v9);
  vstore4(v10, 0, p0 + v2);
}

