// r_32_1000: GROUP(128) ROW 
__kernel void r_32_1000(__global float* restrict p0, __global const float* restrict p1) {
  __local float l0[128];
  __local float l1[128];
  float v2 = (-INFINITY);
  long v4 = (((long)get_group_id(0)) * 1000L);
  long v5 = (((long)get_local_id(0)) + v4);
  float v6 = p1[v5];
  float v7 = ingot_maxf(v2, v6);
  v2 = v7;
  long v10 = (v5 + 128L);
  float v11 = p1[v10];
  float v12 = ingot_maxf(v2, v11);
  v2 = v12;
  long v15 = (v5 + 256L);
  float v16 = p1[v15];
  float v17 = ingot_maxf(v2, v16);
  v2 = v17;
  long v20 = (v5 + 384L);
  float v21 = p1[v20];
  float v22 = ingot_maxf(v2, v21);
  v2 = v22;
  long v25 = (v5 + 512L);
  float v26 = p1[v25];
  float v27 = ingot_maxf(v2, v26);
  v2 = v27;
  long v30 = (v5 + 640L);
  float v31 = p1[v30];
  float v32 = ingot_maxf(v2, v31);
  v2 = v32;
  long v35 = (v5 + 768L);
  float v36 = p1[v35];
  float v37 = ingot_maxf(v2, v36);
  v2 = v37;
  long v40 = (((long)get_local_id(0)) + 896L);
  uchar v41 = (v40 < 1000L);
  if (v41) {
    long v43 = (v5 + 896L);
    float v44 = p1[v43];
    float v45 = ingot_maxf(v2, v44);
    v2 = v45;
  }
  l0[((long)get_local_id(0))] = v2;
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v52 = (((long)get_local_id(0)) < 64L);
  if (v52) {
    long v54 = (((long)get_local_id(0)) + 64L);
    float v55 = l0[v54];
    float v56 = l0[((long)get_local_id(0))];
    float v57 = ingot_maxf(v56, v55);
    l0[((long)get_local_id(0))] = v57;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v62 = (((long)get_local_id(0)) < 32L);
  if (v62) {
    long v64 = (((long)get_local_id(0)) + 32L);
    float v65 = l0[v64];
    float v66 = l0[((long)get_local_id(0))];
    float v67 = ingot_maxf(v66, v65);
    l0[((long)get_local_id(0))] = v67;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v72 = (((long)get_local_id(0)) < 16L);
  if (v72) {
    long v74 = (((long)get_local_id(0)) + 16L);
    float v75 = l0[v74];
    float v76 = l0[((long)get_local_id(0))];
    float v77 = ingot_maxf(v76, v75);
    l0[((long)get_local_id(0))] = v77;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v82 = (((long)get_local_id(0)) < 8L);
  if (v82) {
    long v84 = (((long)get_local_id(0)) + 8L);
    float v85 = l0[v84];
    float v86 = l0[((long)get_local_id(0))];
    float v87 = ingot_maxf(v86, v85);
    l0[((long)get_local_id(0))] = v87;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v92 = (((long)get_local_id(0)) < 4L);
  if (v92) {
    long v94 = (((long)get_local_id(0)) + 4L);
    float v95 = l0[v94];
    float v96 = l0[((long)get_local_id(0))];
    float v97 = ingot_maxf(v96, v95);
    l0[((long)get_local_id(0))] = v97;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v102 = (((long)get_local_id(0)) < 2L);
  if (v102) {
    long v104 = (((long)get_local_id(0)) + 2L);
    float v105 = l0[v104];
    float v106 = l0[((long)get_local_id(0))];
    float v107 = ingot_maxf(v106, v105);
    l0[((long)get_local_id(0))] = v107;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v112 = (((long)get_local_id(0)) < 1L);
  if (v112) {
    long v114 = (((long)get_local_id(0)) + 1L);
    float v115 = l0[v114];
    float v116 = l0[((long)get_local_id(0))];
    float v117 = ingot_maxf(v116, v115);
    l0[((long)get_local_id(0))] = v117;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  float v122 = l0[0L];
  float v123 = 0x0p+0f;
  float v124 = (v6 - v122);
  float v125 = exp(v124);
  float v126 = (v123 + v125);
  v123 = v126;
  float v128 = (v11 - v122);
  float v129 = exp(v128);
  float v130 = (v123 + v129);
  v123 = v130;
  float v132 = (v16 - v122);
  float v133 = exp(v132);
  float v134 = (v123 + v133);
  v123 = v134;
  float v136 = (v21 - v122);
  float v137 = exp(v136);
  float v138 = (v123 + v137);
  v123 = v138;
  float v140 = (v26 - v122);
  float v141 = exp(v140);
  float v142 = (v123 + v141);
  v123 = v142;
  float v144 = (v31 - v122);
  float v145 = exp(v144);
  float v146 = (v123 + v145);
  v123 = v146;
  float v148 = (v36 - v122);
  float v149 = exp(v148);
  float v150 = (v123 + v149);
  v123 = v150;
  if (v41) {
    long v153 = (v5 + 896L);
    float v154 = p1[v153];
    float v155 = (v154 - v122);
    float v156 = exp(v155);
    float v157 = (v123 + v156);
    v123 = v157;
  }
  l1[((long)get_local_id(0))] = v123;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (v52) {
    long v164 = (((long)get_local_id(0)) + 64L);
    float v165 = l1[v164];
    float v166 = l1[((long)get_local_id(0))];
    float v167 = (v166 + v165);
    l1[((long)get_local_id(0))] = v167;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (v62) {
    long v172 = (((long)get_local_id(0)) + 32L);
    float v173 = l1[v172];
    float v174 = l1[((long)get_local_id(0))];
    float v175 = (v174 + v173);
    l1[((long)get_local_id(0))] = v175;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (v72) {
    long v180 = (((long)get_local_id(0)) + 16L);
    float v181 = l1[v180];
    float v182 = l1[((long)get_local_id(0))];
    float v183 = (v182 + v181);
    l1[((long)get_local_id(0))] = v183;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (v82) {
    long v188 = (((long)get_local_id(0)) + 8L);
    float v189 = l1[v188];
    float v190 = l1[((long)get_local_id(0))];
    float v191 = (v190 + v189);
    l1[((long)get_local_id(0))] = v191;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (v92) {
    long v196 = (((long)get_local_id(0)) + 4L);
    float v197 = l1[v196];
    float v198 = l1[((long)get_local_id(0))];
    float v199 = (v198 + v197);
    l1[((long)get_local_id(0))] = v199;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (v102) {
    long v204 = (((long)get_local_id(0)) + 2L);
    float v205 = l1[v204];
    float v206 = l1[((long)get_local_id(0))];
    float v207 = (v206 + v205);
    l1[((long)get_local_id(0))] = v207;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (v112) {
    long v212 = (((long)get_local_id(0)) + 1L);
    float v213 = l1[v212];
    float v214 = l1[((long)get_local_id(0))];
    float v215 = (v214 + v213);
    l1[((long)get_local_id(0))] = v215;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  float v219 = l1[0L];
  float v220 = (v125 / v219);
  p0[v5] = v220;
  float v222 = (v129 / v219);
  p0[v10] = v222;
  float v224 = (v133 / v219);
  p0[v15] = v224;
  float v226 = (v137 / v219);
  p0[v20] = v226;
  float v228 = (v141 / v219);
  p0[v25] = v228;
  float v230 = (v145 / v219);
  p0[v30] = v230;
  float v232 = (v149 / v219);
  p0[v35] = v232;
  if (v41) {
    long v235 = (v5 + 896L);
    float v236 = p1[v235];
    float v237 = (v236 - v122);
    float v238 = exp(v237);
    float v239 = (v238 / v219);
    p0[v235] = v239;
  }
}

