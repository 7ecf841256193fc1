// r_1024_1: GROUP(256x4) 
kernel void r_1024_1(device float* p0 [[buffer(0)]], device const float* p1 [[buffer(1)]], uint3 ingot_gid [[thread_position_in_grid]], uint3 ingot_group [[threadgroup_position_in_grid]], uint3 ingot_lid [[thread_position_in_threadgroup]]) {
  threadgroup float l0[8];
  float4 v2 = float4(0x0p+0f);
  for (long v3 = 0; v3 < 1; v3++) {
    long v5 = (((long)ingot_lid.x) * 4L);
    long v7 = (((long)ingot_group.x) * 1024L);
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
    bool v37 = (((long)ingot_lid.x) < 8L);
    float v38 = (v37 ? l0[((long)ingot_lid.x)] : 0);
    float v39 = simd_shuffle_down(v38, (ushort)4);
    float v40 = (v38 + v39);
    float v41 = simd_shuffle_down(v40, (ushort)2);
    float v42 = (v40 + v41);
    float v43 = simd_shuffle_down(v42, (ushort)1);
    float v44 = (v42 + v43);
    bool v45 = (((long)ingot_lid.x) == 0L);
    if (v45) {
      l0[0L] = v44;
    }
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  float v51 = l0[0L];
  bool v52 = (((long)ingot_lid.x) == 0L);
  if (v52) {
    p0[((long)ingot_group.x)] = v51;
  }
}

// r_1: GROUP(256x4) 
kernel void r_1(device float* p0 [[buffer(0)]], device const float* p1 [[buffer(1)]], uint3 ingot_gid [[thread_position_in_grid]], uint3 ingot_group [[threadgroup_position_in_grid]], uint3 ingot_lid [[thread_position_in_threadgroup]]) {
  threadgroup float l0[8];
  float4 v2 = float4(0x0p+0f);
  for (long v3 = 0; v3 < 1; v3++) {
    long v5 = (((long)ingot_lid.x) * 4L);
    float4 v6 = ingot_vload<packed_float4>(p1 + v5);
    float4 v7 = (v2 + v6);
    v2 = v7;
  }
  float v10 = (((v2[0] + v2[1]) + v2[2]) + v2[3]);
  float v12 = simd_shuffle_down(v10, (ushort)16);
  float v13 = (v10 + v12);
  float v14 = simd_shuffle_down(v13, (ushort)8);
  float v15 = (v13 + v14);
  float v16 = simd_shuffle_down(v15, (ushort)4);
  float v17 = (v15 + v16);
  float v18 = simd_shuffle_down(v17, (ushort)2);
  float v19 = (v17 + v18);
  float v20 = simd_shuffle_down(v19, (ushort)1);
  float v21 = (v19 + v20);
  long v23 = (((long)ingot_lid.x) % 32L);
  bool v25 = (v23 == 0L);
  if (v25) {
    long v27 = (((long)ingot_lid.x) / 32L);
    l0[v27] = v21;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  bool v31 = (((long)ingot_lid.x) < 32L);
  if (v31) {
    bool v34 = (((long)ingot_lid.x) < 8L);
    float v35 = (v34 ? l0[((long)ingot_lid.x)] : 0);
    float v36 = simd_shuffle_down(v35, (ushort)4);
    float v37 = (v35 + v36);
    float v38 = simd_shuffle_down(v37, (ushort)2);
    float v39 = (v37 + v38);
    float v40 = simd_shuffle_down(v39, (ushort)1);
    float v41 = (v39 + v40);
    bool v42 = (((long)ingot_lid.x) == 0L);
    if (v42) {
      l0[0L] = v41;
    }
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  float v48 = l0[0L];
  bool v49 = (((long)ingot_lid.x) == 0L);
  if (v49) {
    p0[0L] = v48;
  }
}

