// r_32_1: GROUP(256) 
extern "C" __global__ void __launch_bounds__(256) r_32_1(float* __restrict__ p0, const float* __restrict__ p1) {
  __shared__ float l0[8];
  float v2 = (-INFINITY);
  for (int64_t v3 = 0; v3 < 4; v3++) {
    int64_t v5 = (((int64_t)blockIdx.x) * 1000LL);
    int64_t v6 = (((int64_t)threadIdx.x) + v5);
    int64_t v8 = (v3 * 256LL);
    int64_t v9 = (v6 + v8);
    int64_t v10 = (((int64_t)threadIdx.x) + v8);
    uint8_t v11 = (v10 < 1000LL);
    float v12 = (v11 ? p1[v9] : 0);
    float v14 = (v11 ? v12 : (-INFINITY));
    float v15 = ingot_maxf(v2, v14);
    v2 = v15;
  }
  float v19 = __shfl_down_sync(0xffffffffu, v2, 16);
  float v20 = ingot_maxf(v2, v19);
  float v21 = __shfl_down_sync(0xffffffffu, v20, 8);
  float v22 = ingot_maxf(v20, v21);
  float v23 = __shfl_down_sync(0xffffffffu, v22, 4);
  float v24 = ingot_maxf(v22, v23);
  float v25 = __shfl_down_sync(0xffffffffu, v24, 2);
  float v26 = ingot_maxf(v24, v25);
  float v27 = __shfl_down_sync(0xffffffffu, v26, 1);
  float v28 = ingot_maxf(v26, v27);
  int64_t v30 = (((int64_t)threadIdx.x) % 32LL);
  uint8_t v32 = (v30 == 0LL);
  if (v32) {
    int64_t v34 = (((int64_t)threadIdx.x) / 32LL);
    l0[v34] = v28;
  }
  __syncthreads();
  uint8_t v38 = (((int64_t)threadIdx.x) < 32LL);
  if (v38) {
    uint8_t v41 = (((int64_t)threadIdx.x) < 8LL);
    float v42 = (v41 ? l0[((int64_t)threadIdx.x)] : 0);
    float v43 = __shfl_down_sync(0xffffffffu, v42, 4);
    float v44 = ingot_maxf(v42, v43);
    float v45 = __shfl_down_sync(0xffffffffu, v44, 2);
    float v46 = ingot_maxf(v44, v45);
    float v47 = __shfl_down_sync(0xffffffffu, v46, 1);
    float v48 = ingot_maxf(v46, v47);
    uint8_t v49 = (((int64_t)threadIdx.x) == 0LL);
    if (v49) {
      l0[0LL] = v48;
    }
  }
  __syncthreads();
  float v55 = l0[0LL];
  uint8_t v56 = (((int64_t)threadIdx.x) == 0LL);
  if (v56) {
    p0[((int64_t)blockIdx.x)] = v55;
  }
}

// r_32_1: GROUP(256) 
extern "C" __global__ void __launch_bounds__(256) r_32_1(float* __restrict__ p0, const float* __restrict__ p1, const float* __restrict__ p2) {
  __shared__ float l0[8];
  float v2 = 0x0p+0f;
  for (int64_t v3 = 0; v3 < 4; v3++) {
    int64_t v5 = (((int64_t)blockIdx.x) * 1000LL);
    int64_t v6 = (((int64_t)threadIdx.x) + v5);
    int64_t v8 = (v3 * 256LL);
    int64_t v9 = (v6 + v8);
    int64_t v10 = (((int64_t)threadIdx.x) + v8);
    uint8_t v11 = (v10 < 1000LL);
    float v12 = (v11 ? p1[v9] : 0);
    float v13 = (v11 ? p2[((int64_t)blockIdx.x)] : 0);
    float v14 = (v12 - v13);
    float v15 = expf(v14);
    float v17 = (v11 ? v15 : 0x0p+0f);
    float v18 = (v2 + v17);
    v2 = v18;
  }
  float v22 = __shfl_down_sync(0xffffffffu, v2, 16);
  float v23 = (v2 + v22);
  float v24 = __shfl_down_sync(0xffffffffu, v23, 8);
  float v25 = (v23 + v24);
  float v26 = __shfl_down_sync(0xffffffffu, v25, 4);
  float v27 = (v25 + v26);
  float v28 = __shfl_down_sync(0xffffffffu, v27, 2);
  float v29 = (v27 + v28);
  float v30 = __shfl_down_sync(0xffffffffu, v29, 1);
  float v31 = (v29 + v30);
  int64_t v33 = (((int64_t)threadIdx.x) % 32LL);
  uint8_t v35 = (v33 == 0LL);
  if (v35) {
    int64_t v37 = (((int64_t)threadIdx.x) / 32LL);
    l0[v37] = v31;
  }
  __syncthreads();
  uint8_t v41 = (((int64_t)threadIdx.x) < 32LL);
  if (v41) {
    uint8_t v44 = (((int64_t)threadIdx.x) < 8LL);
    float v45 = (v44 ? l0[((int64_t)threadIdx.x)] : 0);
    float v46 = __shfl_down_sync(0xffffffffu, v45, 4);
    float v47 = (v45 + v46);
    float v48 = __shfl_down_sync(0xffffffffu, v47, 2);
    float v49 = (v47 + v48);
    float v50 = __shfl_down_sync(0xffffffffu, v49, 1);
    float v51 = (v49 + v50);
    uint8_t v52 = (((int64_t)threadIdx.x) == 0LL);
    if (v52) {
      l0[0LL] = v51;
    }
  }
  __syncthreads();
  float v58 = l0[0LL];
  uint8_t v59 = (((int64_t)threadIdx.x) == 0LL);
  if (v59) {
    p0[((int64_t)blockIdx.x)] = v58;
  }
}

// E_32_1000: LOCAL(256) 
extern "C" __global__ void __launch_bounds__(256) E_32_1000(float* __restrict__ p0, const float* __restrict__ p1, const float* __restrict__ p2, const float* __restrict__ p3) {
  uint8_t v4 = (((int64_t)blockIdx.x * blockDim.x + threadIdx.x) < 1000LL);
  if (v4) {
    int64_t v6 = (((int64_t)blockIdx.y * blockDim.y + threadIdx.y) * 1000LL);
    int64_t v7 = (((int64_t)blockIdx.x * blockDim.x + threadIdx.x) + v6);
    float v8 = p1[v7];
    float v9 = p2[((int64_t)blockIdx.y * blockDim.y + threadIdx.y)];
    float v10 = (v8 - v9);
    float v11 = expf(v10);
    float v12 = p3[((int64_t)blockIdx.y * blockDim.y + threadIdx.y)];
    float v13 = (v11 / v12);
    p0[v7] = v13;
  }
}

