// r_64: GROUP(256) 
kernel void r_64(device float* p0 [[buffer(0)]], device const float* p1 [[buffer(1)]], uint3 ingot_gid [[thread_position_in_grid]], uint3 ingot_group [[threadgroup_position_in_grid]], uint3 ingot_lid [[thread_position_in_threadgroup]]) {
  threadgroup float l0[8];
  float v2 = 0x0p+0f;
  for (long v3 = 0; v3 < 15; v3++) {
    long v5 = (((long)ingot_group.x) * 4000L);
    long v6 = (((long)ingot_lid.x) + v5);
    long v8 = (v3 * 256L);
    long v9 = (v6 + v8);
    float v10 = p1[v9];
    float v11 = (v2 + v10);
    v2 = v11;
  }
  long v15 = (((long)ingot_lid.x) + 3840L);
  bool v17 = (v15 < 4000L);
  if (v17) {
    long v19 = (((long)ingot_group.x) * 4000L);
    long v20 = (((long)ingot_lid.x) + v19);
    long v21 = (v20 + 3840L);
    float v22 = p1[v21];
    float v23 = (v2 + v22);
    v2 = v23;
  }
  float v27 = simd_shuffle_down(v2, (ushort)16);
  float v28 = (v2 + v27);
  float v29 = simd_shuffle_down(v28, (ushort)8);
  float v30 = (v28 + v29);
  float v31 = simd_shuffle_down(v30, (ushort)4);
  float v32 = (v30 + v31);
  float v33 = simd_shuffle_down(v32, (ushort)2);
  float v34 = (v32 + v33);
  float v35 = simd_shuffle_down(v34, (ushort)1);
  float v36 = (v34 + v35);
  long v38 = (((long)ingot_lid.x) % 32L);
  bool v40 = (v38 == 0L);
  if (v40) {
    long v42 = (((long)ingot_lid.x) / 32L);
    l0[v42] = v36;
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  bool v46 = (((long)ingot_lid.x) < 32L);
  if (v46) {
    bool v49 = (((long)ingot_lid.x) < 8L);
    float v50 = (v49 ? l0[((long)ingot_lid.x)] : 0);
    float v51 = simd_shuffle_down(v50, (ushort)4);
    float v52 = (v50 + v51);
    float v53 = simd_shuffle_down(v52, (ushort)2);
    float v54 = (v52 + v53);
    float v55 = simd_shuffle_down(v54, (ushort)1);
    float v56 = (v54 + v55);
    bool v57 = (((long)ingot_lid.x) == 0L);
    if (v57) {
      l0[0L] = v56;
    }
  }
  threadgroup_barrier(mem_flags::mem_threadgroup);
  float v63 = l0[0L];
  bool v64 = (((long)ingot_lid.x) == 0L);
  if (v64) {
    p0[((long)ingot_group.x)] = v63;
  }
}

