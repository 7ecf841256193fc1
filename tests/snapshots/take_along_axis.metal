// E_256_64: LOCAL(256) 
kernel void E_256_64(device float* p0 [[buffer(0)]], device const int* p1 [[buffer(1)]], device const float* p2 [[buffer(2)]], uint3 ingot_gid [[thread_position_in_grid]], uint3 ingot_group [[threadgroup_position_in_grid]], uint3 ingot_lid [[thread_position_in_threadgroup]]) {
  int v1 = p1[((long)ingot_gid.x)];
  bool v3 = (v1 < ((int)0L));
  int v5 = (v1 + ((int)1000L));
  int v6 = (v3 ? v5 : v1);
  long v7 = (long)(v6);
  long v9 = (v7 > 0L ? v7 : 0L);
  long v11 = (v9 < 999L ? v9 : 999L);
  long v13 = (((long)ingot_gid.x) / 64L);
  long v15 = (v13 * 1000L);
  long v16 = (v15 + v11);
  float v17 = p2[v16];
  p0[((long)ingot_gid.x)] = v17;
}

