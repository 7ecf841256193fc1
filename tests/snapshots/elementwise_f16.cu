// E_256_1024: LOCAL(256) UPCAST(out,4) 
extern "C" __global__ void __launch_bounds__(256) E_256_1024(uint16_t* __restrict__ p0, const uint16_t* __restrict__ p1, const uint16_t* __restrict__ p2) {
  int64_t v4 = (((int64_t)blockIdx.x * blockDim.x + threadIdx.x) * 4LL);
  int64_t v6 = (((int64_t)blockIdx.y * blockDim.y + threadIdx.y) * 1024LL);
  int64_t v7 = (v4 + v6);
  ingot_vec<float, 4> v8 = ingot_load_float16<ingot_vec<float, 4>, true>(p1 + v7);
  ingot_vec<float, 4> v10 = (-v8);
  float v11 = v10.v[0];
  float v12 = expf(v11);
  float v13 = v10.v[1];
  float v14 = expf(v13);
  float v15 = v10.v[2];
  float v16 = expf(v15);
  float v17 = v10.v[3];
  float v18 = expf(v17);
  ingot_vec<float, 4> v19 = ingot_vec<float, 4>{{v12, v14, v16, v18}};
  ingot_vec<float, 4> v20 = ingot_splat<ingot_vec<float, 4>>(0x1p+0f);
  ingot_vec<float, 4> v21 = (v20 + v19);
  float v22 = v21.v[0];
  float v23 = (1.0f / v22);
  float v24 = v21.v[1];
  float v25 = (1.0f / v24);
  float v26 = v21.v[2];
  float v27 = (1.0f / v26);
  float v28 = v21.v[3];
  float v29 = (1.0f / v28);
  ingot_vec<float, 4> v30 = ingot_vec<float, 4>{{v23, v25, v27, v29}};
  ingot_vec<float, 4> v31 = (v8 * v30);
  ingot_vec<float, 4> v32 = ingot_load_float16<ingot_vec<float, 4>, true>(p2 + v7);
  ingot_vec<float, 4> v33 = (v31 * v32);
  ingot_store_float16<true>(p0 + v7, v33);
}

