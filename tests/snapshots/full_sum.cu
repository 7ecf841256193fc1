// r_1024_1: GROUP(128x4) 
extern "C" __global__ void __launch_bounds__(128) r_1024_1(float* __restrict__ p0, const float* __restrict__ p1) {
  __shared__ __align__(16) float l0[4];
  ingot_vec<float, 4> v2 = ingot_splat<ingot_vec<float, 4>>(0x0p+0f);
  for (int64_t v3 = 0; v3 < 2; v3++) {
    int64_t v5 = (((int64_t)threadIdx.x) * 4LL);
    int64_t v7 = (((int64_t)blockIdx.x) * 1024LL);
    int64_t v8 = (v5 + v7);
    int64_t v10 = (v3 * 512LL);
    int64_t v11 = (v8 + v10);
    ingot_vec<float, 4> v12 = (*(const ingot_vec<float, 4>*)(p1 + v11));
    ingot_vec<float, 4> v13 = (v2 + v12);
    v2 = v13;
  }
  float v16 = v2.v[0]; v16 = (v16 + v2.v[1]); v16 = (v16 + v2.v[2]); v16 = (v16 + v2.v[3]);
  float v18 = __shfl_down_sync(0xffffffffu, v16, 16);
  float v19 = (v16 + v18);
  float v20 = __shfl_down_sync(0xffffffffu, v19, 8);
  float v21 = (v19 + v20);
  float v22 = __shfl_down_sync(0xffffffffu, v21, 4);
  float v23 = (v21 + v22);
  float v24 = __shfl_down_sync(0xffffffffu, v23, 2);
  float v25 = (v23 + v24);
  float v26 = __shfl_down_sync(0xffffffffu, v25, 1);
  float v27 = (v25 + v26);
  int64_t v29 = (((int64_t)threadIdx.x) % 32LL);
  uint8_t v31 = (v29 == 0LL);
  if (v31) {
    int64_t v33 = (((int64_t)threadIdx.x) / 32LL);
    l0[v33] = v27;
  }
  __syncthreads();
  uint8_t v37 = (((int64_t)threadIdx.x) < 32LL);
  if (v37) {
    uint8_t v40 = (((int64_t)threadIdx.x) < 4LL);
    float v41 = (v40 ? l0[((int64_t)threadIdx.x)] : 0);
    float v42 = __shfl_down_sync(0xffffffffu, v41, 2);
    float v43 = (v41 + v42);
    float v44 = __shfl_down_sync(0xffffffffu, v43, 1);
    float v45 = (v43 + v44);
    uint8_t v46 = (((int64_t)threadIdx.x) == 0LL);
    if (v46) {
      l0[0LL] = v45;
    }
  }
  __syncthreads();
  float v52 = l0[0LL];
  uint8_t v53 = (((int64_t)threadIdx.x) == 0LL);
  if (v53) {
    p0[((int64_t)blockIdx.x)] = v52;
  }
}

// r_1: GROUP(128x4) 
extern "C" __global__ void __launch_bounds__(128) r_1(float* __restrict__ p0, const float* __restrict__ p1) {
  __shared__ __align__(16) float l0[4];
  ingot_vec<float, 4> v2 = ingot_splat<ingot_vec<float, 4>>(0x0p+0f);
  for (int64_t v3 = 0; v3 < 2; v3++) {
    int64_t v5 = (((int64_t)threadIdx.x) * 4LL);
    int64_t v7 = (v3 * 512LL);
    int64_t v8 = (v5 + v7);
    ingot_vec<float, 4> v9 = (*(const ingot_vec<float, 4>*)(p1 + v8));
    ingot_vec<float, 4> v10 = (v2 + v9);
    v2 = v10;
  }
  float v13 = v2.v[0]; v13 = (v13 + v2.v[1]); v13 = (v13 + v2.v[2]); v13 = (v13 + v2.v[3]);
  float v15 = __shfl_down_sync(0xffffffffu, v13, 16);
  float v16 = (v13 + v15);
  float v17 = __shfl_down_sync(0xffffffffu, v16, 8);
  float v18 = (v16 + v17);
  float v19 = __shfl_down_sync(0xffffffffu, v18, 4);
  float v20 = (v18 + v19);
  float v21 = __shfl_down_sync(0xffffffffu, v20, 2);
  float v22 = (v20 + v21);
  float v23 = __shfl_down_sync(0xffffffffu, v22, 1);
  float v24 = (v22 + v23);
  int64_t v26 = (((int64_t)threadIdx.x) % 32LL);
  uint8_t v28 = (v26 == 0LL);
  if (v28) {
    int64_t v30 = (((int64_t)threadIdx.x) / 32LL);
    l0[v30] = v24;
  }
  __syncthreads();
  uint8_t v34 = (((int64_t)threadIdx.x) < 32LL);
  if (v34) {
    uint8_t v37 = (((int64_t)threadIdx.x) < 4LL);
    float v38 = (v37 ? l0[((int64_t)threadIdx.x)] : 0);
    float v39 = __shfl_down_sync(0xffffffffu, v38, 2);
    float v40 = (v38 + v39);
    float v41 = __shfl_down_sync(0xffffffffu, v40, 1);
    float v42 = (v40 + v41);
    uint8_t v43 = (((int64_t)threadIdx.x) == 0LL);
    if (v43) {
      l0[0LL] = v42;
    }
  }
  __syncthreads();
  float v49 = l0[0LL];
  uint8_t v50 = (((int64_t)threadIdx.x) == 0LL);
  if (v50) {
    p0[0LL] = v49;
  }
}

