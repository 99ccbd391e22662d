# Uncaught KeyError: the message is the repr of the key.
config = {"lr": 0.1, "epochs": 3}
print(config["lr"])
print(config["batch_size"])
