# torch.utils.model_zoo: downloading weights needs the network, which wick never uses.
def load_url(url, model_dir=None, map_location=None, progress=True, check_hash=False,
             file_name=None):
    raise NotImplementedError(
        "torch.utils.model_zoo.load_url: wick does not download files (" + str(url) + ")")
