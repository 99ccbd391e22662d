// The embedding API, all of it: include this one header (docs/embedding.md).
//
//   api/interpreter.h  wick::Interpreter: scripts, modules, host values, native functions
//   api/object.h       wick::Object: a script value, conversions, calls
//   api/tensor.h       wick::Tensor, WrapBuffer (zero-copy host buffers)
//   api/compile.h      wick::Compile: torch.compile from C++
//   api/custom_op.h    wick::RegisterCustomOp: C++ ops that compiled graphs keep
#ifndef WICK_API_WICK_H_
#define WICK_API_WICK_H_

#include "api/compile.h"
#include "api/custom_op.h"
#include "api/interpreter.h"
#include "api/object.h"
#include "api/tensor.h"

#endif  // WICK_API_WICK_H_
