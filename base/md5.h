// MD5 digests as lowercase hex: what the structured trace's `has_payload` carries
// (upstream hashes each payload with hashlib.md5; tlparse --strict checks it).
#ifndef WICK_BASE_MD5_H_
#define WICK_BASE_MD5_H_

#include <string>

#include "absl/strings/string_view.h"

namespace wick {

// Md5Hex("") == "d41d8cd98f00b204e9800998ecf8427e".
std::string Md5Hex(absl::string_view data);

}  // namespace wick

#endif  // WICK_BASE_MD5_H_
