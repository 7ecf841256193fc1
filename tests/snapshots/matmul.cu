// r_64_96: GROUP(128) 
extern "C" __global__ void __launch_bounds__(128) r_64_96(float* __restrict__ p0, const float* __restrict__ p1, const float* __restrict__ p2) {
  __shared__ __align__(16) float l0[4];
  float v2 = 0x0p+0f;
  for (int64_t v3 = 0; v3 < 1; v3++) {
    int64_t v5 = (((int64_t)blockIdx.x) / 96LL);
    int64_t v7 = (v5 * 128LL);
    int64_t v8 = (v7 + ((int64_t)threadIdx.x));
    float v9 = p1[v8];
    int64_t v10 = (((int64_t)blockIdx.x) % 96LL);
    int64_t v11 = (((int64_t)threadIdx.x) * 96LL);
    int64_t v12 = (v10 + v11);
    float v13 = p2[v12];
    float v14 = (v9 * v13);
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
    uint8_t v41 = (((int64_t)threadIdx.x) < 4LL);
    float v42 = (v41 ? l0[((int64_t)threadIdx.x)] : 0);
    float v43 = __shfl_down_sync(0xffffffffu, v42, 2);
    float v44 = (v42 + v43);
    float v45 = __shfl_down_sync(0xffffffffu, v44, 1);
    float v46 = (v44 + v45);
    uint8_t v47 = (((int64_t)threadIdx.x) == 0LL);
    if (v47) {
      l0[0LL] = v46;
    }
  }
  __syncthreads();
  float v53 = l0[0LL];
  uint8_t v54 = (((int64_t)threadIdx.x) == 0LL);
  if (v54) {
    p0[((int64_t)blockIdx.x)] = v53;
  }
}

