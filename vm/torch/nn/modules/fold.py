# torch.nn.modules.fold: Fold and Unfold (F.fold / F.unfold: ATen's col2im / im2col).
from torch.nn import functional as F
from torch.nn.modules.module import Module


class Fold(Module):
    def __init__(self, output_size, kernel_size, dilation=1, padding=0, stride=1):
        super().__init__()
        self.output_size = output_size
        self.kernel_size = kernel_size
        self.dilation = dilation
        self.padding = padding
        self.stride = stride

    def forward(self, input):
        return F.fold(input, self.output_size, self.kernel_size, self.dilation, self.padding,
                      self.stride)

    def extra_repr(self):
        return ("output_size={}, kernel_size={}, dilation={}, padding={}, stride={}".format(
            self.output_size, self.kernel_size, self.dilation, self.padding, self.stride))


class Unfold(Module):
    def __init__(self, kernel_size, dilation=1, padding=0, stride=1):
        super().__init__()
        self.kernel_size = kernel_size
        self.dilation = dilation
        self.padding = padding
        self.stride = stride

    def forward(self, input):
        return F.unfold(input, self.kernel_size, self.dilation, self.padding, self.stride)

    def extra_repr(self):
        return "kernel_size={}, dilation={}, padding={}, stride={}".format(
            self.kernel_size, self.dilation, self.padding, self.stride)
