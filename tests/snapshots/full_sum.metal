// r_1024_1: GROUP(128x4) 
kernel void r_1024_1(device float* p0 [[buffer(0)]], device const float* p1 [[buffer(1)]], uint3 ingot_gid [[thread_position_in_grid]], uint3 ingot_group [[threadgroup_position_in_grid]], uint3 ingot_lid [[thread_position_in_threadgroup]]) {
  threadgroup float l0[4];
  float4 v2 = float4(0x0p+0f);
  for (long v3 = 0; v3 < 2; v3++) {
    long v5 = (((long)ingot_lid.x) * 4L);
    long v7 = (((long)ingot_group.x) * 1024L);
    long v8 = (v5 + v7);
    long v10 = (v3 * 512L);
    long v11 = (v8 + v10);
    float4 v12 = ingot_vload<packed_float4>(p1 + v11);
    float4 v13 = (v2 + v12);
    v2 = v13;
  }
  float v16 = v2[0]; v16 = (v16 + v2[1]); v16 = (v16 + v2[2]); v16 = (v16 + v2[3]);
  float v18 = simd_shuffle_down(v16, (ushort)16);
  float v19 = (v16 + v18);
  float v20 = simd_shuffle_down(v19, (ushort)8);
  float v21 = (v19 + v20);
  float v22 = simd_shuffle_down(v21, (ushort)4);
  float v23 = (v21 + v22);
  float v24 = simd_shuffle_down(v23, (ushort)2);
  float v25 = (v23 + v24);
  float v26 = simd_shuffle_down(v25, (ushort)1);
  float v27 = (v25 + v26);
  long v29 = (((long)ingot_lid.x) % 32L);
  bool v31 = (v29 == 0L);
  if (v31) {
    long v33 = (((long)ingot_lid.x) / 32L);
    l0[v33] = v27;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  bool v37 = (((long)ingot_lid.x) < 32L);
  if (v37) {
    bool v40 = (((long)ingot_lid.x) < 4L);
    float v41 = (v40 ? l0[((long)ingot_lid.x)] : 0);
    float v42 = simd_shuffle_down(v41, (ushort)2);
    float v43 = (v41 + v42);
    float v44 = simd_shuffle_down(v43, (ushort)1);
    float v45 = (v43 + v44);
    bool v46 = (((long)ingot_lid.x) == 0L);
    if (v46) {
      l0[0L] = v45;
    }
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  float v52 = l0[0L];
  bool v53 = (((long)ingot_lid.x) == 0L);
  if (v53) {
    p0[((long)ingot_group.x)] = v52;
  }
}

// r_1: GROUP(128x4) 
kernel void r_1(device float* p0 [[buffer(0)]], device const float* p1 [[buffer(1)]], uint3 ingot_gid [[thread_position_in_grid]], uint3 ingot_group [[threadgroup_position_in_grid]], uint3 ingot_lid [[thread_position_in_threadgroup]]) {
  threadgroup float l0[4];
  float4 v2 = float4(0x0p+0f);
  for (long v3 = 0; v3 < 2; v3++) {
    long v5 = (((long)ingot_lid.x) * 4L);
    long v7 = (v3 * 512L);
    long v8 = (v5 + v7);
    float4 v9 = ingot_vload<packed_float4>(p1 + v8);
    float4 v10 = (v2 + v9);
    v2 = v10;
  }
  float v13 = v2[0]; v13 = (v13 + v2[1]); v13 = (v13 + v2[2]); v13 = (v13 + v2[3]);
  float v15 = simd_shuffle_down(v13, (ushort)16);
  float v16 = (v13 + v15);
  float v17 = simd_shuffle_down(v16, (ushort)8);
  float v18 = (v16 + v17);
  float v19 = simd_shuffle_down(v18, (ushort)4);
  float v20 = (v18 + v19);
  float v21 = simd_shuffle_down(v20, (ushort)2);
  float v22 = (v20 + v21);
  float v23 = simd_shuffle_down(v22, (ushort)1);
  float v24 = (v22 + v23);
  long v26 = (((long)ingot_lid.x) % 32L);
  bool v28 = (v26 == 0L);
  if (v28) {
    long v30 = (((long)ingot_lid.x) / 32L);
    l0[v30] = v24;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  bool v34 = (((long)ingot_lid.x) < 32L);
  if (v34) {
    bool v37 = (((long)ingot_lid.x) < 4L);
    float v38 = (v37 ? l0[((long)ingot_lid.x)] : 0);
    float v39 = simd_shuffle_down(v38, (ushort)2);
    float v40 = (v38 + v39);
    float v41 = simd_shuffle_down(v40, (ushort)1);
    float v42 = (v40 + v41);
    bool v43 = (((long)ingot_lid.x) == 0L);
    if (v43) {
      l0[0L] = v42;
    }
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  float v49 = l0[0L];
  bool v50 = (((long)ingot_lid.x) == 0L);
  if (v50) {
    p0[0L] = v49;
  }
}

