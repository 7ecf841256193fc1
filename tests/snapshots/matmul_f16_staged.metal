// r_128_128: TC 
kernel void r_128_128(device half* p0 [[buffer(0)]], device const half* p1 [[buffer(1)]], device const half* p2 [[buffer(2)]], uint3 ingot_gid [[thread_position_in_grid]], uint3 ingot_group [[threadgroup_position_in_grid]], uint3 ingot_lid [[thread_position_in_threadgroup]]) {
  threadgroup float l0[64];
  simdgroup_float8x8 v1 = make_filled_simdgroup_matrix<float, 8, 8>(0);
  for (long v2 = 0; v2 < 8; v2++) {
    long v4 = (((long)ingot_group.x) / 16L);
    long v6 = (v4 * 512L);
    long v8 = (v2 * 8L);
    long v9 = (v6 + v8);
    simdgroup_half8x8 v10; simdgroup_load(v10, p1 + v9, 64, ulong2(0, 0), false);
    long v11 = (((long)ingot_group.x) % 16L);
    long v12 = (v11 * 512L);
    long v13 = (v12 + v8);
    simdgroup_half8x8 v14; simdgroup_load(v14, p2 + v13, 64, ulong2(0, 0), true);
    simdgroup_multiply_accumulate(v1, v10, v14, v1);
  }
  simdgroup_store(v1, l0 + 0L, 8, ulong2(0, 0), false);
  threadgroup_barrier(mem_flags::mem_threadgroup);
  float v22 = l0[((long)ingot_lid.x)];
  long v24 = (((long)ingot_group.x) % 16L);
  long v26 = (v24 * 8L);
  long v27 = (((long)ingot_group.x) / 16L);
  long v29 = (v27 * 1024L);
  long v30 = (v26 + v29);
  long v31 = (((long)ingot_lid.x) % 8L);
  long v32 = (v30 + v31);
  long v33 = (((long)ingot_lid.x) / 8L);
  long v35 = (v33 * 128L);
  long v36 = (v32 + v35);
  p0[v36] = ingot_f2h(ingot_h2f(ingot_f2h((float)(v22))));
  long v39 = (((long)ingot_lid.x) + 32L);
  float v40 = l0[v39];
  long v42 = (v36 + 512L);
  p0[v42] = ingot_f2h(ingot_h2f(ingot_f2h((float)(v40))));
  threadgroup_barrier(mem_flags::mem_threadgroup);
}

