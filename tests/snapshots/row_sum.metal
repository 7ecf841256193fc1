// r_64: GROUP(256) 
kernel void r_64(device float* p0 [[buffer(0)]], device const float* p1 [[buffer(1)]], uint3 ingot_gid [[thread_position_in_grid]], uint3 ingot_group [[threadgroup_position_in_grid]], uint3 ingot_lid [[thread_position_in_threadgroup]]) {
  threadgroup float l0[8];
  float v2 = 0x0p+0f;
  for (long v3 = 0; v3 < 16; v3++) {
    long v5 = (((long)ingot_group.x) * 4000L);
    long v6 = (((long)ingot_lid.x) + v5);
    long v8 = (v3 * 256L);
    long v9 = (v6 + v8);
    long v10 = (((long)ingot_lid.x) + v8);
    bool v11 = (v10 < 4000L);
    float v12 = (v11 ? p1[v9] : 0);
    float v14 = (v11 ? v12 : 0x0p+0f);
    float v15 = (v2 + v14);
    v2 = v15;
  }
  float v19 = simd_shuffle_down(v2, (ushort)16);
  float v20 = (v2 + v19);
  float v21 = simd_shuffle_down(v20, (ushort)8);
  float v22 = (v20 + v21);
  float v23 = simd_shuffle_down(v22, (ushort)4);
  float v24 = (v22 + v23);
  float v25 = simd_shuffle_down(v24, (ushort)2);
  float v26 = (v24 + v25);
  float v27 = simd_shuffle_down(v26, (ushort)1);
  float v28 = (v26 + v27);
  long v30 = (((long)ingot_lid.x) % 32L);
  bool v32 = (v30 == 0L);
  if (v32) {
    long v34 = (((long)ingot_lid.x) / 32L);
    l0[v34] = v28;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  bool v38 = (((long)ingot_lid.x) < 32L);
  if (v38) {
    bool v41 = (((long)ingot_lid.x) < 8L);
    float v42 = (v41 ? l0[((long)ingot_lid.x)] : 0);
    float v43 = simd_shuffle_down(v42, (ushort)4);
    float v44 = (v42 + v43);
    float v45 = simd_shuffle_down(v44, (ushort)2);
    float v46 = (v44 + v45);
    float v47 = simd_shuffle_down(v46, (ushort)1);
    float v48 = (v46 + v47);
    bool v49 = (((long)ingot_lid.x) == 0L);
    if (v49) {
      l0[0L] = v48;
    }
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  float v55 = l0[0L];
  bool v56 = (((long)ingot_lid.x) == 0L);
  if (v56) {
    p0[((long)ingot_group.x)] = v55;
  }
}

