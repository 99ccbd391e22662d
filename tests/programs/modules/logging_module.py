# logging: getLogger(...).info/warning. Default configuration prints WARNING and above
# to stderr, which this program checks through its exit-free stdout only by not logging
# at warning level; info is below the default level and prints nothing.
import logging

log = logging.getLogger("wick.test")
log.info("not shown: below the default WARNING level")
log.debug("not shown either")
print(log.name, logging.getLogger("wick.test") is log)
print(logging.INFO, logging.WARNING, logging.DEBUG, logging.ERROR)
print("done")
