// The native halves of standard modules whose Python half lives in vm/stdlib/*.py
// (re.py imports _wick_re, random.py imports _wick_random, json.py imports
// _wick_json). stdlib.cc registers them; each initialiser fills a fresh module.
#ifndef WICK_VM_STDLIB_NATIVE_MODULES_H_
#define WICK_VM_STDLIB_NATIVE_MODULES_H_

#include "vm/interpreter.h"
#include "vm/value.h"

namespace wick::vm {

bool InitReModule(Interpreter& in, const Value& module);
bool InitRandomModule(Interpreter& in, const Value& module);
bool InitJsonModule(Interpreter& in, const Value& module);
bool InitOsModule(Interpreter& in, const Value& module);
bool InitWeakrefModule(Interpreter& in, const Value& module);
bool InitStructModule(Interpreter& in, const Value& module);  // _wick_struct

}  // namespace wick::vm

#endif  // WICK_VM_STDLIB_NATIVE_MODULES_H_
