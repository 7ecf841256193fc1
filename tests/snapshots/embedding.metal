// E_8_64_512: LOCAL(256) UPCAST(out,4) 
kernel void E_8_64_512(device float* p0 [[buffer(0)]], device const int* p1 [[buffer(1)]], device const float* p2 [[buffer(2)]], uint3 ingot_gid [[thread_position_in_grid]], uint3 ingot_group [[threadgroup_position_in_grid]], uint3 ingot_lid [[thread_position_in_threadgroup]]) {
  long v2 = (((long)ingot_gid.x) / 128L);
  long v4 = (v2 % 64L);
  long v6 = (((long)ingot_gid.x) / 8192L);
  long v7 = (v6 * 64L);
  long v8 = (v4 + v7);
  int v9 = p1[v8];
  long v10 = (long)(v9);
  long v12 = (v10 > 0L ? v10 : 0L);
  long v14 = (v12 < 999L ? v12 : 999L);
  long v15 = (((long)ingot_gid.x) % 128L);
  long v17 = (v15 * 4L);
  long v19 = (v14 * 512L);
  long v20 = (v17 + v19);
  float4 v21 = ingot_vload<packed_float4>(p2 + v20);
  long v22 = (((long)ingot_gid.x) * 4L);
  *(device packed_float4*)(p0 + v22) = packed_float4(v21);
}

