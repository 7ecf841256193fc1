// r_64: GROUP(256) 
extern "C" __global__ void __launch_bounds__(256) r_64(float* __restrict__ p0, const float* __restrict__ p1) {
  __shared__ __align__(16) float l0[8];
  float v2 = 0x0p+0f;
  for (int64_t v3 = 0; v3 < 15; v3++) {
    int64_t v5 = (((int64_t)blockIdx.x) * 4000LL);
    int64_t v6 = (((int64_t)threadIdx.x) + v5);
    int64_t v8 = (v3 * 256LL);
    int64_t v9 = (v6 + v8);
    float v10 = p1[v9];
    float v11 = (v2 + v10);
    v2 = v11;
  }
  int64_t v15 = (((int64_t)threadIdx.x) + 3840LL);
  uint8_t v17 = (v15 < 4000LL);
  if (v17) {
    int64_t v19 = (((int64_t)blockIdx.x) * 4000LL);
    int64_t v20 = (((int64_t)threadIdx.x) + v19);
    int64_t v21 = (v20 + 3840LL);
    float v22 = p1[v21];
    float v23 = (v2 + v22);
    v2 = v23;
  }
  float v27 = __shfl_down_sync(0xffffffffu, v2, 16);
  float v28 = (v2 + v27);
  float v29 = __shfl_down_sync(0xffffffffu, v28, 8);
  float v30 = (v28 + v29);
  float v31 = __shfl_down_sync(0xffffffffu, v30, 4);
  float v32 = (v30 + v31);
  float v33 = __shfl_down_sync(0xffffffffu, v32, 2);
  float v34 = (v32 + v33);
  float v35 = __shfl_down_sync(0xffffffffu, v34, 1);
  float v36 = (v34 + v35);
  int64_t v38 = (((int64_t)threadIdx.x) % 32LL);
  uint8_t v40 = (v38 == 0LL);
  if (v40) {
    int64_t v42 = (((int64_t)threadIdx.x) / 32LL);
    l0[v42] = v36;
  }
  __syncthreads();
  uint8_t v46 = (((int64_t)threadIdx.x) < 32LL);
  if (v46) {
    uint8_t v49 = (((int64_t)threadIdx.x) < 8LL);
    float v50 = (v49 ? l0[((int64_t)threadIdx.x)] : 0);
    float v51 = __shfl_down_sync(0xffffffffu, v50, 4);
    float v52 = (v50 + v51);
    float v53 = __shfl_down_sync(0xffffffffu, v52, 2);
    float v54 = (v52 + v53);
    float v55 = __shfl_down_sync(0xffffffffu, v54, 1);
    float v56 = (v54 + v55);
    uint8_t v57 = (((int64_t)threadIdx.x) == 0LL);
    if (v57) {
      l0[0LL] = v56;
    }
  }
  __syncthreads();
  float v63 = l0[0LL];
  uint8_t v64 = (((int64_t)threadIdx.x) == 0LL);
  if (v64) {
    p0[((int64_t)blockIdx.x)] = v63;
  }
}

