#!/bin/bash
# Call 3: float32 matmuls of aligned and odd shapes, host-timed over 200 calls
# (mmprobe.cpp, a scratch program linked against the library), on the tree of
# 68b4624 plus reduce.cpp's kShortestSplit, twice.
export LD_LIBRARY_PATH=$PWD/.devcarry/lib INGOT_CACHE=/tmp/ic3; timeout 120 .devcarry/mmprobe; timeout 120 .devcarry/mmprobe
