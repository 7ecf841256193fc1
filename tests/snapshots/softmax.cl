// r_32_1000: GROUP(128) ROW 
__kernel void r_32_1000(__global float* restrict p0, __global const float* restrict p1) {
  __local float l0[128];
  __local float l1[128];
  float v2 = (-INFINITY);
  for (long v3 = 0; v3 < 7; v3++) {
    long v5 = (((long)get_group_id(0)) * 1000L);
    long v6 = (((long)get_local_id(0)) + v5);
    long v8 = (v3 * 128L);
    long v9 = (v6 + v8);
    float v10 = p1[v9];
    float v11 = ingot_maxf(v2, v10);
    v2 = v11;
  }
  long v15 = (((long)get_local_id(0)) + 896L);
  uchar v17 = (v15 < 1000L);
  if (v17) {
    long v19 = (((long)get_group_id(0)) * 1000L);
    long v20 = (((long)get_local_id(0)) + v19);
    long v21 = (v20 + 896L);
    float v22 = p1[v21];
    float v23 = ingot_maxf(v2, v22);
    v2 = v23;
  }
  l0[((long)get_local_id(0))] = v2;
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v30 = (((long)get_local_id(0)) < 64L);
  if (v30) {
    long v32 = (((long)get_local_id(0)) + 64L);
    float v33 = l0[v32];
    float v34 = l0[((long)get_local_id(0))];
    float v35 = ingot_maxf(v34, v33);
    l0[((long)get_local_id(0))] = v35;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v40 = (((long)get_local_id(0)) < 32L);
  if (v40) {
    long v42 = (((long)get_local_id(0)) + 32L);
    float v43 = l0[v42];
    float v44 = l0[((long)get_local_id(0))];
    float v45 = ingot_maxf(v44, v43);
    l0[((long)get_local_id(0))] = v45;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v50 = (((long)get_local_id(0)) < 16L);
  if (v50) {
    long v52 = (((long)get_local_id(0)) + 16L);
    float v53 = l0[v52];
    float v54 = l0[((long)get_local_id(0))];
    float v55 = ingot_maxf(v54, v53);
    l0[((long)get_local_id(0))] = v55;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v60 = (((long)get_local_id(0)) < 8L);
  if (v60) {
    long v62 = (((long)get_local_id(0)) + 8L);
    float v63 = l0[v62];
    float v64 = l0[((long)get_local_id(0))];
    float v65 = ingot_maxf(v64, v63);
    l0[((long)get_local_id(0))] = v65;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v70 = (((long)get_local_id(0)) < 4L);
  if (v70) {
    long v72 = (((long)get_local_id(0)) + 4L);
    float v73 = l0[v72];
    float v74 = l0[((long)get_local_id(0))];
    float v75 = ingot_maxf(v74, v73);
    l0[((long)get_local_id(0))] = v75;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v80 = (((long)get_local_id(0)) < 2L);
  if (v80) {
    long v82 = (((long)get_local_id(0)) + 2L);
    float v83 = l0[v82];
    float v84 = l0[((long)get_local_id(0))];
    float v85 = ingot_maxf(v84, v83);
    l0[((long)get_local_id(0))] = v85;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v90 = (((long)get_local_id(0)) < 1L);
  if (v90) {
    long v92 = (((long)get_local_id(0)) + 1L);
    float v93 = l0[v92];
    float v94 = l0[((long)get_local_id(0))];
    float v95 = ingot_maxf(v94, v93);
    l0[((long)get_local_id(0))] = v95;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  float v100 = l0[0L];
  float v101 = 0x0p+0f;
  for (long v102 = 0; v102 < 7; v102++) {
    long v103 = (((long)get_group_id(0)) * 1000L);
    long v104 = (((long)get_local_id(0)) + v103);
    long v106 = (v102 * 128L);
    long v107 = (v104 + v106);
    float v108 = p1[v107];
    float v109 = (v108 - v100);
    float v110 = exp(v109);
    float v111 = (v101 + v110);
    v101 = v111;
  }
  if (v17) {
    long v115 = (((long)get_group_id(0)) * 1000L);
    long v116 = (((long)get_local_id(0)) + v115);
    long v117 = (v116 + 896L);
    float v118 = p1[v117];
    float v119 = (v118 - v100);
    float v120 = exp(v119);
    float v121 = (v101 + v120);
    v101 = v121;
  }
  l1[((long)get_local_id(0))] = v101;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (v30) {
    long v128 = (((long)get_local_id(0)) + 64L);
    float v129 = l1[v128];
    float v130 = l1[((long)get_local_id(0))];
    float v131 = (v130 + v129);
    l1[((long)get_local_id(0))] = v131;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (v40) {
    long v136 = (((long)get_local_id(0)) + 32L);
    float v137 = l1[v136];
    float v138 = l1[((long)get_local_id(0))];
    float v139 = (v138 + v137);
    l1[((long)get_local_id(0))] = v139;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (v50) {
    long v144 = (((long)get_local_id(0)) + 16L);
    float v145 = l1[v144];
    float v146 = l1[((long)get_local_id(0))];
    float v147 = (v146 + v145);
    l1[((long)get_local_id(0))] = v147;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (v60) {
    long v152 = (((long)get_local_id(0)) + 8L);
    float v153 = l1[v152];
    float v154 = l1[((long)get_local_id(0))];
    float v155 = (v154 + v153);
    l1[((long)get_local_id(0))] = v155;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (v70) {
    long v160 = (((long)get_local_id(0)) + 4L);
    float v161 = l1[v160];
    float v162 = l1[((long)get_local_id(0))];
    float v163 = (v162 + v161);
    l1[((long)get_local_id(0))] = v163;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (v80) {
    long v168 = (((long)get_local_id(0)) + 2L);
    float v169 = l1[v168];
    float v170 = l1[((long)get_local_id(0))];
    float v171 = (v170 + v169);
    l1[((long)get_local_id(0))] = v171;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (v90) {
    long v176 = (((long)get_local_id(0)) + 1L);
    float v177 = l1[v176];
    float v178 = l1[((long)get_local_id(0))];
    float v179 = (v178 + v177);
    l1[((long)get_local_id(0))] = v179;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  float v183 = l1[0L];
  for (long v184 = 0; v184 < 8; v184++) {
    long v186 = (v184 * 128L);
    long v187 = (((long)get_local_id(0)) + v186);
    uchar v188 = (v187 < 1000L);
    if (v188) {
      long v190 = (((long)get_group_id(0)) * 1000L);
      long v191 = (((long)get_local_id(0)) + v190);
      long v192 = (v191 + v186);
      float v193 = p1[v192];
      float v194 = (v193 - v100);
      float v195 = exp(v194);
      float v196 = (v195 / v183);
      p0[v192] = v196;
    }
  }
}

