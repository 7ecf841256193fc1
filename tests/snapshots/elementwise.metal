// E_256_1024: LOCAL(256) UPCAST(out,4) 
kernel void E_256_1024(device float* p0 [[buffer(0)]], device const float* p1 [[buffer(1)]], device const float* p2 [[buffer(2)]], device const float* p3 [[buffer(3)]], uint3 ingot_gid [[thread_position_in_grid]], uint3 ingot_group [[threadgroup_position_in_grid]], uint3 ingot_lid [[thread_position_in_threadgroup]]) {
  long v4 = (((long)ingot_gid.x) * 4L);
  long v6 = (((long)ingot_gid.y) * 1024L);
  long v7 = (v4 + v6);
  float4 v8 = ingot_vload<packed_float4>(p1 + v7);
  float4 v9 = ingot_vload<packed_float4>(p2 + v7);
  float4 v10 = (v8 + v9);
  float4 v11 = ingot_vload<packed_float4>(p3 + v4);
  float4 v12 = (v10 * v11);
  *(device packed_float4*)(p0 + v7) = packed_float4(v12);
}

