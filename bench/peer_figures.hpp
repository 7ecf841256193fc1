// PyTorch's side of the GPU benchmark: the figures /work/shared/peers/bench_peers.py
// measures ("torch sum 1GiB fp32 GB/s": 3100.2, ...), run in a subprocess or read from the
// peers.json it wrote.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace ingot::bench {

using PeerFigures = std::map<std::string, double>;

// The number-valued members of a flat JSON object; other values are skipped. Throws
// Error when the text is not such an object.
PeerFigures parse_peer_json(const std::string& text);

// parse_peer_json of a file; throws Error naming the file.
PeerFigures read_peer_json(const std::string& path);

// Runs `python3 script args...` with OUT set to a fresh folder, copies what it prints to stderr,
// and reads the peers.json it leaves there. Throws Error when python3 is missing, the
// script ran past `timeout_seconds` (0: no limit) or wrote no peers.json.
PeerFigures run_peer_script(const std::string& script, const std::vector<std::string>& args = {},
                            double timeout_seconds = 0);

}  // namespace ingot::bench
