# stdout produced before an uncaught error is kept; the error goes to stderr.
for i in range(3):
    print("step", i)
results = {"ok": True}
print(results["ok"])
None.missing_attribute_xyz
