# logging.warning output goes to stderr through the last-resort handler; this program
# exits with an error after logging so that its stderr is compared exactly.
import logging

log = logging.getLogger("model")
log.warning("learning rate %s is high", 0.5)
log.info("hidden")
print("stdout line")
raise SystemExit(2)
