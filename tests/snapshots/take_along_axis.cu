// E_256_64: LOCAL(256) 
extern "C" __global__ void __launch_bounds__(256) E_256_64(float* __restrict__ p0, const int32_t* __restrict__ p1, const float* __restrict__ p2) {
  int32_t v1 = p1[((int64_t)blockIdx.x * blockDim.x + threadIdx.x)];
  uint8_t v3 = (v1 < ((int32_t)0LL));
  int32_t v5 = (v1 + ((int32_t)1000LL));
  int32_t v6 = (v3 ? v5 : v1);
  int64_t v7 = (int64_t)(v6);
  int64_t v9 = (v7 > 0LL ? v7 : 0LL);
  int64_t v11 = (v9 < 999LL ? v9 : 999LL);
  int64_t v13 = (((int64_t)blockIdx.x * blockDim.x + threadIdx.x) / 64LL);
  int64_t v15 = (v13 * 1000LL);
  int64_t v16 = (v15 + v11);
  float v17 = p2[v16];
  p0[((int64_t)blockIdx.x * blockDim.x + threadIdx.x)] = v17;
}

