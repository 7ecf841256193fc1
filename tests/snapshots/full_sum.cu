// r_1024_1: GROUP(128x4) PACK(2) 
extern "C" __global__ void __launch_bounds__(256) r_1024_1(float* __restrict__ p0, const float* __restrict__ p1) {
  __shared__ __align__(16) float l0[8];
  int64_t v2 = (((int64_t)threadIdx.x) % 128LL);
  int64_t v3 = (((int64_t)threadIdx.x) / 128LL);
  ingot_vec<float, 4> v5 = ingot_splat<ingot_vec<float, 4>>(0x0p+0f);
  for (int64_t v6 = 0; v6 < 2; v6++) {
    int64_t v8 = (v2 * 4LL);
    int64_t v10 = (v3 * 1024LL);
    int64_t v11 = (v8 + v10);
    int64_t v13 = (((int64_t)blockIdx.x) * 2048LL);
    int64_t v14 = (v11 + v13);
    int64_t v16 = (v6 * 512LL);
    int64_t v17 = (v14 + v16);
    ingot_vec<float, 4> v18 = (*(const ingot_vec<float, 4>*)(p1 + v17));
    ingot_vec<float, 4> v19 = (v5 + v18);
    v5 = v19;
  }
  float v22 = (((v5.v[0] + v5.v[1]) + v5.v[2]) + v5.v[3]);
  float v24 = __shfl_down_sync(0xffffffffu, v22, 16);
  float v25 = (v22 + v24);
  float v26 = __shfl_down_sync(0xffffffffu, v25, 8);
  float v27 = (v25 + v26);
  float v28 = __shfl_down_sync(0xffffffffu, v27, 4);
  float v29 = (v27 + v28);
  float v30 = __shfl_down_sync(0xffffffffu, v29, 2);
  float v31 = (v29 + v30);
  float v32 = __shfl_down_sync(0xffffffffu, v31, 1);
  float v33 = (v31 + v32);
  int64_t v35 = (v2 % 32LL);
  uint8_t v37 = (v35 == 0LL);
  if (v37) {
    int64_t v39 = (v2 / 32LL);
    int64_t v41 = (v3 * 4LL);
    int64_t v42 = (v39 + v41);
    l0[v42] = v33;
  }
  __syncthreads();
  uint8_t v46 = (v2 < 32LL);
  if (v46) {
    uint8_t v49 = (v2 < 4LL);
    int64_t v50 = (v3 * 4LL);
    int64_t v51 = (v2 + v50);
    float v52 = (v49 ? l0[v51] : 0);
    float v53 = __shfl_down_sync(0xffffffffu, v52, 2);
    float v54 = (v52 + v53);
    float v55 = __shfl_down_sync(0xffffffffu, v54, 1);
    float v56 = (v54 + v55);
    uint8_t v57 = (v2 == 0LL);
    if (v57) {
      l0[v50] = v56;
    }
  }
  __syncthreads();
  int64_t v64 = (v3 * 4LL);
  float v65 = l0[v64];
  uint8_t v66 = (v2 == 0LL);
  if (v66) {
    int64_t v69 = (((int64_t)blockIdx.x) * 2LL);
    int64_t v70 = (v3 + v69);
    p0[v70] = v65;
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

