// r_2304_2048: TC 
kernel void r_2304_2048(device float* p0 [[buffer(0)]], device const float* p1 [[buffer(1)]], device const float* p2 [[buffer(2)]], uint3 ingot_gid [[thread_position_in_grid]], uint3 ingot_group [[threadgroup_position_in_grid]], uint3 ingot_lid [[thread_position_in_threadgroup]]) {
  simdgroup_float8x8 v1 = make_filled_simdgroup_matrix<float, 8, 8>(0);
  for (long v2 = 0; v2 < 8; v2++) {
    long v4 = (((long)ingot_group.x) / 256L);
    long v6 = (v4 * 512L);
    long v8 = (v2 * 8L);
    long v9 = (v6 + v8);
    simdgroup_float8x8 v10; simdgroup_load(v10, p1 + v9, 64, ulong2(0, 0), false);
    long v11 = (((long)ingot_group.x) % 256L);
    long v12 = (v11 * 8L);
    long v14 = (v2 * 16384L);
    long v15 = (v12 + v14);
    simdgroup_float8x8 v16; simdgroup_load(v16, p2 + v15, 2048, ulong2(0, 0), false);
    simdgroup_multiply_accumulate(v1, v10, v16, v1);
  }
  long v21 = (((long)ingot_group.x) % 256L);
  long v23 = (v21 * 8L);
  long v24 = (((long)ingot_group.x) / 256L);
  long v26 = (v24 * 16384L);
  long v27 = (v23 + v26);
  simdgroup_store(v1, p0 + v27, 2048, ulong2(0, 0), false);
}

