// E_256_64: LOCAL(256) UPCAST(out,4) 
extern "C" __global__ void __launch_bounds__(256) E_256_64(float* __restrict__ p0, const int32_t* __restrict__ p1, const float* __restrict__ p2) {
  int64_t v2 = (((int64_t)blockIdx.x * blockDim.x + threadIdx.x) * 4LL);
  ingot_vec<int32_t, 4> v3 = (*(const ingot_vec<int32_t, 4>*)(p1 + v2));
  int32_t v4 = v3.v[0];
  int64_t v5 = (int64_t)(v4);
  int64_t v7 = (v5 > 0LL ? v5 : 0LL);
  int64_t v9 = (v7 < 999LL ? v7 : 999LL);
  int64_t v11 = (((int64_t)blockIdx.x * blockDim.x + threadIdx.x) / 16LL);
  int64_t v13 = (v11 * 1000LL);
  int64_t v14 = (v13 + v9);
  float v15 = p2[v14];
  int32_t v16 = v3.v[1];
  int64_t v17 = (int64_t)(v16);
  int64_t v18 = (v17 > 0LL ? v17 : 0LL);
  int64_t v19 = (v18 < 999LL ? v18 : 999LL);
  int64_t v20 = (v13 + v19);
  float v21 = p2[v20];
  int32_t v22 = v3.v[2];
  int64_t v23 = (int64_t)(v22);
  int64_t v24 = (v23 > 0LL ? v23 : 0LL);
  int64_t v25 = (v24 < 999LL ? v24 : 999LL);
  int64_t v26 = (v13 + v25);
  float v27 = p2[v26];
  int32_t v28 = v3.v[3];
  int64_t v29 = (int64_t)(v28);
  int64_t v30 = (v29 > 0LL ? v29 : 0LL);
  int64_t v31 = (v30 < 999LL ? v30 : 999LL);
  int64_t v32 = (v13 + v31);
  float v33 = p2[v32];
  ingot_vec<float, 4> v34 = ingot_vec<float, 4>{{v15, v21, v27, v33}};
  *(ingot_vec<float, 4>*)(p0 + v2) = v34;
}

