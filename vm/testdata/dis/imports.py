import torch
import torch.nn as nn
import torch.nn.functional as F
import os.path
from math import sqrt, pi as PI
from . import sibling
from ..pkg import thing
