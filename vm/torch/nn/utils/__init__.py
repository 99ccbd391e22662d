# torch.utils for wick: submodules are imported on use (torch.utils.checkpoint, torch.utils.data,
# torch.utils.model_zoo).
