// r_1024_1: GROUP(256x4) 
extern "C" __global__ void __launch_bounds__(256) r_1024_1(float* __restrict__ p0, const float* __restrict__ p1) {
  __shared__ __align__(16) float l0[8];
  ingot_vec<float, 4> v2 = ingot_splat<ingot_vec<float, 4>>(0x0p+0f);
  for (int64_t v3 = 0; v3 < 1; v3++) {
    int64_t v5 = (((int64_t)threadIdx.x) * 4LL);
    int64_t v7 = (((int64_t)blockIdx.x) * 1024LL);
    int64_t v8 = (v5 + v7);
    ingot_vec<float, 4> v9 = (*(const ingot_vec<float, 4>*)(p1 + v8));
    ingot_vec<float, 4> v10 = (v2 + v9);
    v2 = v10;
  }
  float v13 = (((v2.v[0] + v2.v[1]) + v2.v[2]) + v2.v[3]);
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
    uint8_t v37 = (((int64_t)threadIdx.x) < 8LL);
    float v38 = (v37 ? l0[((int64_t)threadIdx.x)] : 0);
    float v39 = __shfl_down_sync(0xffffffffu, v38, 4);
    float v40 = (v38 + v39);
    float v41 = __shfl_down_sync(0xffffffffu, v40, 2);
    float v42 = (v40 + v41);
    float v43 = __shfl_down_sync(0xffffffffu, v42, 1);
    float v44 = (v42 + v43);
    uint8_t v45 = (((int64_t)threadIdx.x) == 0LL);
    if (v45) {
      l0[0LL] = v44;
    }
  }
  __syncthreads();
  float v51 = l0[0LL];
  uint8_t v52 = (((int64_t)threadIdx.x) == 0LL);
  if (v52) {
    p0[((int64_t)blockIdx.x)] = v51;
  }
}

// r_1: GROUP(256x4) 
extern "C" __global__ void __launch_bounds__(256) r_1(float* __restrict__ p0, const float* __restrict__ p1) {
  __shared__ __align__(16) float l0[8];
  ingot_vec<float, 4> v2 = ingot_splat<ingot_vec<float, 4>>(0x0p+0f);
  for (int64_t v3 = 0; v3 < 1; v3++) {
    int64_t v5 = (((int64_t)threadIdx.x) * 4LL);
    ingot_vec<float, 4> v6 = (*(const ingot_vec<float, 4>*)(p1 + v5));
    ingot_vec<float, 4> v7 = (v2 + v6);
    v2 = v7;
  }
  float v10 = (((v2.v[0] + v2.v[1]) + v2.v[2]) + v2.v[3]);
  float v12 = __shfl_down_sync(0xffffffffu, v10, 16);
  float v13 = (v10 + v12);
  float v14 = __shfl_down_sync(0xffffffffu, v13, 8);
  float v15 = (v13 + v14);
  float v16 = __shfl_down_sync(0xffffffffu, v15, 4);
  float v17 = (v15 + v16);
  float v18 = __shfl_down_sync(0xffffffffu, v17, 2);
  float v19 = (v17 + v18);
  float v20 = __shfl_down_sync(0xffffffffu, v19, 1);
  float v21 = (v19 + v20);
  int64_t v23 = (((int64_t)threadIdx.x) % 32LL);
  uint8_t v25 = (v23 == 0LL);
  if (v25) {
    int64_t v27 = (((int64_t)threadIdx.x) / 32LL);
    l0[v27] = v21;
  }
  __syncthreads();
  uint8_t v31 = (((int64_t)threadIdx.x) < 32LL);
  if (v31) {
    uint8_t v34 = (((int64_t)threadIdx.x) < 8LL);
    float v35 = (v34 ? l0[((int64_t)threadIdx.x)] : 0);
    float v36 = __shfl_down_sync(0xffffffffu, v35, 4);
    float v37 = (v35 + v36);
    float v38 = __shfl_down_sync(0xffffffffu, v37, 2);
    float v39 = (v37 + v38);
    float v40 = __shfl_down_sync(0xffffffffu, v39, 1);
    float v41 = (v39 + v40);
    uint8_t v42 = (((int64_t)threadIdx.x) == 0LL);
    if (v42) {
      l0[0LL] = v41;
    }
  }
  __syncthreads();
  float v48 = l0[0LL];
  uint8_t v49 = (((int64_t)threadIdx.x) == 0LL);
  if (v49) {
    p0[0LL] = v48;
  }
}

