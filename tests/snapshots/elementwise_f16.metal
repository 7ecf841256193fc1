// E_256_1024: LOCAL(256) 
kernel void E_256_1024(device half* p0 [[buffer(0)]], device const half* p1 [[buffer(1)]], device const half* p2 [[buffer(2)]], uint3 ingot_gid [[thread_position_in_grid]], uint3 ingot_group [[threadgroup_position_in_grid]], uint3 ingot_lid [[thread_position_in_threadgroup]]) {
  long v4 = (((long)ingot_gid.y) * 1024L);
  long v5 = (((long)ingot_gid.x) + v4);
  float v6 = ingot_h2f(p1[v5]);
  float v8 = (-v6);
  float v9 = exp(v8);
  float v10 = (0x1p+0f + v9);
  float v11 = (1.0f / v10);
  float v12 = (v6 * v11);
  float v13 = ingot_h2f(p2[v5]);
  float v14 = (v12 * v13);
  p0[v5] = ingot_f2h(v14);
}

