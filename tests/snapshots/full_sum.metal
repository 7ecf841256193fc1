// r_1024_1: GROUP(128x4) PACK(2) 
kernel void r_1024_1(device float* p0 [[buffer(0)]], device const float* p1 [[buffer(1)]], uint3 ingot_gid [[thread_position_in_grid]], uint3 ingot_group [[threadgroup_position_in_grid]], uint3 ingot_lid [[thread_position_in_threadgroup]]) {
  threadgroup float l0[8];
  long v2 = (((long)ingot_lid.x) % 128L);
  long v3 = (((long)ingot_lid.x) / 128L);
  float4 v5 = float4(0x0p+0f);
  for (long v6 = 0; v6 < 2; v6++) {
    long v8 = (v2 * 4L);
    long v10 = (v3 * 1024L);
    long v11 = (v8 + v10);
    long v13 = (((long)ingot_group.x) * 2048L);
    long v14 = (v11 + v13);
    long v16 = (v6 * 512L);
    long v17 = (v14 + v16);
    float4 v18 = ingot_vload<packed_float4>(p1 + v17);
    float4 v19 = (v5 + v18);
    v5 = v19;
  }
  float v22 = (((v5[0] + v5[1]) + v5[2]) + v5[3]);
  float v24 = simd_shuffle_down(v22, (ushort)16);
  float v25 = (v22 + v24);
  float v26 = simd_shuffle_down(v25, (ushort)8);
  float v27 = (v25 + v26);
  float v28 = simd_shuffle_down(v27, (ushort)4);
  float v29 = (v27 + v28);
  float v30 = simd_shuffle_down(v29, (ushort)2);
  float v31 = (v29 + v30);
  float v32 = simd_shuffle_down(v31, (ushort)1);
  float v33 = (v31 + v32);
  long v35 = (v2 % 32L);
  bool v37 = (v35 == 0L);
  if (v37) {
    long v39 = (v2 / 32L);
    long v41 = (v3 * 4L);
    long v42 = (v39 + v41);
    l0[v42] = v33;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  bool v46 = (v2 < 32L);
  if (v46) {
    bool v49 = (v2 < 4L);
    long v50 = (v3 * 4L);
    long v51 = (v2 + v50);
    float v52 = (v49 ? l0[v51] : 0);
    float v53 = simd_shuffle_down(v52, (ushort)2);
    float v54 = (v52 + v53);
    float v55 = simd_shuffle_down(v54, (ushort)1);
    float v56 = (v54 + v55);
    bool v57 = (v2 == 0L);
    if (v57) {
      l0[v50] = v56;
    }
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  long v64 = (v3 * 4L);
  float v65 = l0[v64];
  bool v66 = (v2 == 0L);
  if (v66) {
    long v69 = (((long)ingot_group.x) * 2L);
    long v70 = (v3 + v69);
    p0[v70] = v65;
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
  float v13 = (((v2[0] + v2[1]) + v2[2]) + v2[3]);
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

