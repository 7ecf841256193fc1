// r_32_1000: GROUP(256) ROW 
__kernel void r_32_1000(__global float* restrict p0, __global const float* restrict p1) {
  __local float l0[256];
  __local float l1[256];
  float v2 = (-INFINITY);
  for (long v3 = 0; v3 < 3; v3++) {
    long v5 = (((long)get_group_id(0)) * 1000L);
    long v6 = (((long)get_local_id(0)) + v5);
    long v8 = (v3 * 256L);
    long v9 = (v6 + v8);
    float v10 = p1[v9];
    float v11 = ingot_maxf(v2, v10);
    v2 = v11;
  }
  long v15 = (((long)get_local_id(0)) + 768L);
  uchar v17 = (v15 < 1000L);
  if (v17) {
    long v19 = (((long)get_group_id(0)) * 1000L);
    long v20 = (((long)get_local_id(0)) + v19);
    long v21 = (v20 + 768L);
    float v22 = p1[v21];
    float v23 = ingot_maxf(v2, v22);
    v2 = v23;
  }
  l0[((long)get_local_id(0))] = v2;
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v30 = (((long)get_local_id(0)) < 128L);
  if (v30) {
    long v32 = (((long)get_local_id(0)) + 128L);
    float v33 = l0[v32];
    float v34 = l0[((long)get_local_id(0))];
    float v35 = ingot_maxf(v34, v33);
    l0[((long)get_local_id(0))] = v35;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v40 = (((long)get_local_id(0)) < 64L);
  if (v40) {
    long v42 = (((long)get_local_id(0)) + 64L);
    float v43 = l0[v42];
    float v44 = l0[((long)get_local_id(0))];
    float v45 = ingot_maxf(v44, v43);
    l0[((long)get_local_id(0))] = v45;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v50 = (((long)get_local_id(0)) < 32L);
  if (v50) {
    long v52 = (((long)get_local_id(0)) + 32L);
    float v53 = l0[v52];
    float v54 = l0[((long)get_local_id(0))];
    float v55 = ingot_maxf(v54, v53);
    l0[((long)get_local_id(0))] = v55;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v60 = (((long)get_local_id(0)) < 16L);
  if (v60) {
    long v62 = (((long)get_local_id(0)) + 16L);
    float v63 = l0[v62];
    float v64 = l0[((long)get_local_id(0))];
    float v65 = ingot_maxf(v64, v63);
    l0[((long)get_local_id(0))] = v65;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v70 = (((long)get_local_id(0)) < 8L);
  if (v70) {
    long v72 = (((long)get_local_id(0)) + 8L);
    float v73 = l0[v72];
    float v74 = l0[((long)get_local_id(0))];
    float v75 = ingot_maxf(v74, v73);
    l0[((long)get_local_id(0))] = v75;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v80 = (((long)get_local_id(0)) < 4L);
  if (v80) {
    long v82 = (((long)get_local_id(0)) + 4L);
    float v83 = l0[v82];
    float v84 = l0[((long)get_local_id(0))];
    float v85 = ingot_maxf(v84, v83);
    l0[((long)get_local_id(0))] = v85;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v90 = (((long)get_local_id(0)) < 2L);
  if (v90) {
    long v92 = (((long)get_local_id(0)) + 2L);
    float v93 = l0[v92];
    float v94 = l0[((long)get_local_id(0))];
    float v95 = ingot_maxf(v94, v93);
    l0[((long)get_local_id(0))] = v95;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v100 = (((long)get_local_id(0)) < 1L);
  if (v100) {
    long v102 = (((long)get_local_id(0)) + 1L);
    float v103 = l0[v102];
    float v104 = l0[((long)get_local_id(0))];
    float v105 = ingot_maxf(v104, v103);
    l0[((long)get_local_id(0))] = v105;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  float v110 = l0[0L];
  float v111 = 0x0p+0f;
  for (long v112 = 0; v112 < 3; v112++) {
    long v113 = (((long)get_group_id(0)) * 1000L);
    long v114 = (((long)get_local_id(0)) + v113);
    long v116 = (v112 * 256L);
    long v117 = (v114 + v116);
    float v118 = p1[v117];
    float v119 = (v118 - v110);
    float v120 = exp(v119);
    float v121 = (v111 + v120);
    v111 = v121;
  }
  if (v17) {
    long v125 = (((long)get_group_id(0)) * 1000L);
    long v126 = (((long)get_local_id(0)) + v125);
    long v127 = (v126 + 768L);
    float v128 = p1[v127];
    float v129 = (v128 - v110);
    float v130 = exp(v129);
    float v131 = (v111 + v130);
    v111 = v131;
  }
  l1[((long)get_local_id(0))] = v111;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (v30) {
    long v138 = (((long)get_local_id(0)) + 128L);
    float v139 = l1[v138];
    float v140 = l1[((long)get_local_id(0))];
    float v141 = (v140 + v139);
    l1[((long)get_local_id(0))] = v141;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (v40) {
    long v146 = (((long)get_local_id(0)) + 64L);
    float v147 = l1[v146];
    float v148 = l1[((long)get_local_id(0))];
    float v149 = (v148 + v147);
    l1[((long)get_local_id(0))] = v149;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (v50) {
    long v154 = (((long)get_local_id(0)) + 32L);
    float v155 = l1[v154];
    float v156 = l1[((long)get_local_id(0))];
    float v157 = (v156 + v155);
    l1[((long)get_local_id(0))] = v157;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (v60) {
    long v162 = (((long)get_local_id(0)) + 16L);
    float v163 = l1[v162];
    float v164 = l1[((long)get_local_id(0))];
    float v165 = (v164 + v163);
    l1[((long)get_local_id(0))] = v165;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (v70) {
    long v170 = (((long)get_local_id(0)) + 8L);
    float v171 = l1[v170];
    float v172 = l1[((long)get_local_id(0))];
    float v173 = (v172 + v171);
    l1[((long)get_local_id(0))] = v173;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (v80) {
    long v178 = (((long)get_local_id(0)) + 4L);
    float v179 = l1[v178];
    float v180 = l1[((long)get_local_id(0))];
    float v181 = (v180 + v179);
    l1[((long)get_local_id(0))] = v181;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (v90) {
    long v186 = (((long)get_local_id(0)) + 2L);
    float v187 = l1[v186];
    float v188 = l1[((long)get_local_id(0))];
    float v189 = (v188 + v187);
    l1[((long)get_local_id(0))] = v189;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (v100) {
    long v194 = (((long)get_local_id(0)) + 1L);
    float v195 = l1[v194];
    float v196 = l1[((long)get_local_id(0))];
    float v197 = (v196 + v195);
    l1[((long)get_local_id(0))] = v197;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  float v201 = l1[0L];
  for (long v202 = 0; v202 < 4; v202++) {
    long v204 = (v202 * 256L);
    long v205 = (((long)get_local_id(0)) + v204);
    uchar v206 = (v205 < 1000L);
    if (v206) {
      long v208 = (((long)get_group_id(0)) * 1000L);
      long v209 = (((long)get_local_id(0)) + v208);
      long v210 = (v209 + v204);
      float v211 = p1[v210];
      float v212 = (v211 - v110);
      float v213 = exp(v212);
      float v214 = (v213 / v201);
      p0[v210] = v214;
    }
  }
}

