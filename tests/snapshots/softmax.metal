// r_32_1: GROUP(256) 
kernel void r_32_1(device float* p0 [[buffer(0)]], device const float* p1 [[buffer(1)]], uint3 ingot_gid [[thread_position_in_grid]], uint3 ingot_group [[threadgroup_position_in_grid]], uint3 ingot_lid [[thread_position_in_threadgroup]]) {
  threadgroup float l0[8];
  float v2 = (-INFINITY);
  for (long v3 = 0; v3 < 4; v3++) {
    long v5 = (((long)ingot_group.x) * 1000L);
    long v6 = (((long)ingot_lid.x) + v5);
    long v8 = (v3 * 256L);
    long v9 = (v6 + v8);
    long v10 = (((long)ingot_lid.x) + v8);
    bool v11 = (v10 < 1000L);
    float v12 = (v11 ? p1[v9] : 0);
    float v14 = (v11 ? v12 : (-INFINITY));
    float v15 = ingot_maxf(v2, v14);
    v2 = v15;
  }
  float v19 = simd_shuffle_down(v2, (ushort)16);
  float v20 = ingot_maxf(v2, v19);
  float v21 = simd_shuffle_down(v20, (ushort)8);
  float v22 = ingot_maxf(v20, v21);
  float v23 = simd_shuffle_down(v22, (ushort)4);
  float v24 = ingot_maxf(v22, v23);
  float v25 = simd_shuffle_down(v24, (ushort)2);
  float v26 = ingot_maxf(v24, v25);
  float v27 = simd_shuffle_down(v26, (ushort)1);
  float v28 = ingot_maxf(v26, v27);
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
    float v44 = ingot_maxf(v42, v43);
    float v45 = simd_shuffle_down(v44, (ushort)2);
    float v46 = ingot_maxf(v44, v45);
    float v47 = simd_shuffle_down(v46, (ushort)1);
    float v48 = ingot_maxf(v46, v47);
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

// r_32_1: GROUP(256) 
kernel void r_32_1(device float* p0 [[buffer(0)]], device const float* p1 [[buffer(1)]], device const float* p2 [[buffer(2)]], uint3 ingot_gid [[thread_position_in_grid]], uint3 ingot_group [[threadgroup_position_in_grid]], uint3 ingot_lid [[thread_position_in_threadgroup]]) {
  threadgroup float l0[8];
  float v2 = 0x0p+0f;
  for (long v3 = 0; v3 < 4; v3++) {
    long v5 = (((long)ingot_group.x) * 1000L);
    long v6 = (((long)ingot_lid.x) + v5);
    long v8 = (v3 * 256L);
    long v9 = (v6 + v8);
    long v10 = (((long)ingot_lid.x) + v8);
    bool v11 = (v10 < 1000L);
    float v12 = (v11 ? p1[v9] : 0);
    float v13 = (v11 ? p2[((long)ingot_group.x)] : 0);
    float v14 = (v12 - v13);
    float v15 = exp(v14);
    float v17 = (v11 ? v15 : 0x0p+0f);
    float v18 = (v2 + v17);
    v2 = v18;
  }
  float v22 = simd_shuffle_down(v2, (ushort)16);
  float v23 = (v2 + v22);
  float v24 = simd_shuffle_down(v23, (ushort)8);
  float v25 = (v23 + v24);
  float v26 = simd_shuffle_down(v25, (ushort)4);
  float v27 = (v25 + v26);
  float v28 = simd_shuffle_down(v27, (ushort)2);
  float v29 = (v27 + v28);
  float v30 = simd_shuffle_down(v29, (ushort)1);
  float v31 = (v29 + v30);
  long v33 = (((long)ingot_lid.x) % 32L);
  bool v35 = (v33 == 0L);
  if (v35) {
    long v37 = (((long)ingot_lid.x) / 32L);
    l0[v37] = v31;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  bool v41 = (((long)ingot_lid.x) < 32L);
  if (v41) {
    bool v44 = (((long)ingot_lid.x) < 8L);
    float v45 = (v44 ? l0[((long)ingot_lid.x)] : 0);
    float v46 = simd_shuffle_down(v45, (ushort)4);
    float v47 = (v45 + v46);
    float v48 = simd_shuffle_down(v47, (ushort)2);
    float v49 = (v47 + v48);
    float v50 = simd_shuffle_down(v49, (ushort)1);
    float v51 = (v49 + v50);
    bool v52 = (((long)ingot_lid.x) == 0L);
    if (v52) {
      l0[0L] = v51;
    }
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  float v58 = l0[0L];
  bool v59 = (((long)ingot_lid.x) == 0L);
  if (v59) {
    p0[((long)ingot_group.x)] = v58;
  }
}

// E_32_1000: LOCAL(256) 
kernel void E_32_1000(device float* p0 [[buffer(0)]], device const float* p1 [[buffer(1)]], device const float* p2 [[buffer(2)]], device const float* p3 [[buffer(3)]], uint3 ingot_gid [[thread_position_in_grid]], uint3 ingot_group [[threadgroup_position_in_grid]], uint3 ingot_lid [[thread_position_in_threadgroup]]) {
  bool v4 = (((long)ingot_gid.x) < 1000L);
  if (v4) {
    long v6 = (((long)ingot_gid.y) * 1000L);
    long v7 = (((long)ingot_gid.x) + v6);
    float v8 = p1[v7];
    float v9 = p2[((long)ingot_gid.y)];
    float v10 = (v8 - v9);
    float v11 = exp(v10);
    float v12 = p3[((long)ingot_gid.y)];
    float v13 = (v11 / v12);
    p0[v7] = v13;
  }
}

