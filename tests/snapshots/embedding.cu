// E_8_64_512: LOCAL(256) UPCAST(out,4) 
extern "C" __global__ void __launch_bounds__(256) E_8_64_512(float* __restrict__ p0, const int32_t* __restrict__ p1, const float* __restrict__ p2) {
  int64_t v2 = (((int64_t)blockIdx.x * blockDim.x + threadIdx.x) / 128LL);
  int64_t v4 = (v2 % 64LL);
  int64_t v6 = (((int64_t)blockIdx.x * blockDim.x + threadIdx.x) / 8192LL);
  int64_t v7 = (v6 * 64LL);
  int64_t v8 = (v4 + v7);
  int32_t v9 = p1[v8];
  int64_t v10 = (int64_t)(v9);
  int64_t v12 = (v10 > 0LL ? v10 : 0LL);
  int64_t v14 = (v12 < 999LL ? v12 : 999LL);
  int64_t v15 = (((int64_t)blockIdx.x * blockDim.x + threadIdx.x) % 128LL);
  int64_t v17 = (v15 * 4LL);
  int64_t v19 = (v14 * 512LL);
  int64_t v20 = (v17 + v19);
  ingot_vec<float, 4> v21 = (*(const ingot_vec<float, 4>*)(p2 + v20));
  int64_t v22 = (((int64_t)blockIdx.x * blockDim.x + threadIdx.x) * 4LL);
  *(ingot_vec<float, 4>*)(p0 + v22) = v21;
}

