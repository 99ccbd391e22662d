# ermongroup/ddim (models/diffusion.py, models/ema.py, functions/losses.py): the DDPM/DDIM
# UNet (timestep embedding, GroupNorm ResNet blocks, spatial attention, nearest upsampling,
# asymmetric-pad downsampling), the noise-estimation loss with a linear beta schedule,
# EMAHelper, and a deterministic 5-step DDIM sampling loop written here. The optimizer
# steps are left to the autograd issue (M16): the EMA update uses a perturbed copy.
import corpus_util as cu

cu.setup()

from types import SimpleNamespace

import torch
from models.diffusion import Model, get_timestep_embedding
from models.ema import EMAHelper
from functions.losses import loss_registry, noise_estimation_loss

config = SimpleNamespace(
    model=SimpleNamespace(type="simple", in_channels=3, out_ch=3, ch=32, ch_mult=[1, 2],
                          num_res_blocks=1, attn_resolutions=[8], dropout=0.1,
                          resamp_with_conv=True, var_type="fixedlarge", ema_rate=0.999, ema=True),
    data=SimpleNamespace(image_size=16, channels=3),
    diffusion=SimpleNamespace(beta_schedule="linear", beta_start=0.0001, beta_end=0.02,
                              num_diffusion_timesteps=100),
    device=torch.device("cpu"))

torch.manual_seed(0)
model = Model(config)
model.eval()
print("params", sum(p.numel() for p in model.parameters()))
cu.show("timestep embedding", get_timestep_embedding(torch.tensor([0, 5, 99]), 32))

betas = torch.linspace(0.0001, 0.02, 100)
x0 = torch.randn(2, 3, 16, 16)
with torch.no_grad():
    for step in range(2):
        e = torch.randn_like(x0)
        t = torch.randint(0, 100, (2,))
        loss = loss_registry[config.model.type](model, x0, t, e, betas)
        per_sample = noise_estimation_loss(model, x0, t, e, betas, keepdim=True)
        n = x0[0].numel()  # the loss sums over pixels: printed per pixel
        print("step", step, "t", t.tolist(), "loss/pixel", cu.num(loss.item() / n), "per sample",
              [cu.num(v / n) for v in per_sample.tolist()])

    ema = EMAHelper(mu=0.9)
    ema.register(model)
    print("ema entries", len(ema.shadow))
    for p in model.parameters():
        p.data.add_(0.1)
    ema.update(model)
    ema.ema(model)
    first = next(iter(ema.shadow))
    cu.show("ema " + first, ema.shadow[first])

    def ddim_sample(net, x, seq):
        alphas = (1 - betas).cumprod(dim=0)
        seq_next = [-1] + seq[:-1]
        for i, j in zip(reversed(seq), reversed(seq_next)):
            t = torch.full((x.size(0),), i, dtype=torch.long)
            at = alphas[i]
            at_next = alphas[j] if j >= 0 else torch.tensor(1.0)
            et = net(x, t.float())
            x0_t = (x - et * (1 - at).sqrt()) / at.sqrt()
            x = at_next.sqrt() * x0_t + (1 - at_next).sqrt() * et
        return x

    seq = list(range(0, 100, 20))
    xT = torch.randn(2, 3, 16, 16)
    sample = ddim_sample(model, xT, seq)
    cu.show("ddim sample", sample)

    cmodel = cu.compiled(model)
    tt = torch.tensor([3.0, 70.0])
    cu.diff("compiled unet", cmodel(xT, tt), model(xT, tt))
    cu.diff("compiled ddim sample", ddim_sample(cmodel, xT, seq), sample)
