// r_200_256: TC 
kernel void r_200_256(device half* p0 [[buffer(0)]], device const half* p1 [[buffer(1)]], device const half* p2 [[buffer(2)]], device const half* p3 [[buffer(3)]], uint3 ingot_gid [[thread_position_in_grid]], uint3 ingot_group [[threadgroup_position_in_grid]], uint3 ingot_lid [[thread_position_in_threadgroup]]) {
  threadgroup float l0[64];
  simdgroup_float8x8 v1 = make_filled_simdgroup_matrix<float, 8, 8>(0);
  for (long v2 = 0; v2 < 16; v2++) {
    long v4 = (((long)ingot_group.x) / 32L);
    long v6 = (v4 * 1024L);
    long v8 = (v2 * 8L);
    long v9 = (v6 + v8);
    simdgroup_half8x8 v10; simdgroup_load(v10, p1 + v9, 128, ulong2(0, 0), false);
    long v11 = (((long)ingot_group.x) % 32L);
    long v12 = (v11 * 8L);
    long v14 = (v2 * 2048L);
    long v15 = (v12 + v14);
    simdgroup_half8x8 v16; simdgroup_load(v16, p2 + v15, 256, ulong2(0, 0), false);
    simdgroup_multiply_accumulate(v1, v10, v16, v1);
  }
  simdgroup_store(v1, l0 + 0L, 8, ulong2(0, 0), false);
  threadgroup_barrier(mem_flags::mem_threadgroup);
  float v24 = l0[((long)ingot_lid.x)];
  long v26 = (((long)ingot_group.x) % 32L);
  long v28 = (v26 * 8L);
  long v29 = (((long)ingot_group.x) / 32L);
  long v31 = (v29 * 2048L);
  long v32 = (v28 + v31);
  long v33 = (((long)ingot_lid.x) % 8L);
  long v34 = (v32 + v33);
  long v35 = (((long)ingot_lid.x) / 8L);
  long v37 = (v35 * 256L);
  long v38 = (v34 + v37);
  long v40 = (v28 + v33);
  float v41 = ingot_h2f(p3[v40]);
  float v42 = (v24 + v41);
  float v43 = (0x1p-1f * v42);
  float v47 = (0x1.6e4p-5f * v42);
  float v48 = (v47 * v42);
  float v49 = (v48 * v42);
  float v50 = (v42 + v49);
  float v51 = (0x1.988p-1f * v50);
  float v52 = tanh(v51);
  float v53 = (0x1p+0f + v52);
  float v54 = (v43 * v53);
  p0[v38] = ingot_f2h(v54);
  long v56 = (((long)ingot_lid.x) + 32L);
  float v57 = l0[v56];
  long v59 = (v38 + 1024L);
  long v61 = (v28 + v33);
  float v62 = ingot_h2f(p3[v61]);
  float v63 = (v57 + v62);
  float v64 = (0x1p-1f * v63);
  float v68 = (0x1.6e4p-5f * v63);
  float v69 = (v68 * v63);
  float v70 = (v69 * v63);
  float v71 = (v63 + v70);
  float v72 = (0x1.988p-1f * v71);
  float v73 = tanh(v72);
  float v74 = (0x1p+0f + v73);
  float v75 = (v64 * v74);
  p0[v59] = ingot_f2h(v75);
  threadgroup_barrier(mem_flags::mem_threadgroup);
}

