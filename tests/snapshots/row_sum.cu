// r_64: GROUP(256) 
extern "C" __global__ void __launch_bounds__(256) r_64(float* __restrict__ p0, const float* __restrict__ p1) {
  __shared__ float l0[8];
  float v2 = 0x0p+0f;
  for (int64_t v3 = 0; v3 < 16; v3++) {
    int64_t v5 = (((int64_t)blockIdx.x) * 4000LL);
    int64_t v6 = (((int64_t)threadIdx.x) + v5);
    int64_t v8 = (v3 * 256LL);
    int64_t v9 = (v6 + v8);
    int64_t v10 = (((int64_t)threadIdx.x) + v8);
    uint8_t v11 = (v10 < 4000LL);
    float v12 = (v11 ? p1[v9] : 0);
    float v14 = (v11 ? v12 : 0x0p+0f);
    float v15 = (v2 + v14);
    v2 = v15;
  }
  float v19 = __shfl_down_sync(0xffffffffu, v2, 16);
  float v20 = (v2 + v19);
  float v21 = __shfl_down_sync(0xffffffffu, v20, 8);
  float v22 = (v20 + v21);
  float v23 = __shfl_down_sync(0xffffffffu, v22, 4);
  float v24 = (v22 + v23);
  float v25 = __shfl_down_sync(0xffffffffu, v24, 2);
  float v26 = (v24 + v25);
  float v27 = __shfl_down_sync(0xffffffffu, v26, 1);
  float v28 = (v26 + v27);
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
    float v44 = (v42 + v43);
    float v45 = __shfl_down_sync(0xffffffffu, v44, 2);
    float v46 = (v44 + v45);
    float v47 = __shfl_down_sync(0xffffffffu, v46, 1);
    float v48 = (v46 + v47);
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

