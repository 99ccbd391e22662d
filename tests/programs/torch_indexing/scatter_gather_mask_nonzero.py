# masked_fill variants, scatter/scatter_add/gather, index_select, nonzero (as_tuple),
# torch.where(condition) and argwhere: values, dtypes, layouts and errors.
import torch


def t(name, f):
    try:
        r = f()
        if isinstance(r, torch.Tensor):
            print(name, r, r.dtype, tuple(r.shape), r.stride())
        else:
            print(name, r)
    except Exception as e:
        print(name, type(e).__name__, e)


torch.manual_seed(0)
x = torch.randn(3, 4)
i = torch.arange(12).view(3, 4)
b = torch.tensor([True, False, True])
t('mf', lambda: x.masked_fill(x > 0, 0.0))
t('mf_i', lambda: i.masked_fill(i > 5, 2.5))
t('mf_t', lambda: i.masked_fill(i > 5, torch.tensor(7)))
t('mf_bc', lambda: i.masked_fill(torch.tensor([True, False, True, False]), -1))
t('mf_err', lambda: i.masked_fill(i, 0))
t('mf_err2', lambda: x.masked_fill(x > 0, torch.tensor([1.0, 2.0])))
t('mf_', lambda: x.clone().masked_fill_(x < 0, float('-inf')))
t('mf_inf_int', lambda: i.masked_fill(i > 2, float('inf')))
t('scatter', lambda: torch.zeros(3, 5).scatter(1, torch.tensor([[0, 1], [2, 3], [4, 0]]), x))
t('scatter_v', lambda: torch.zeros(3, 5).scatter_(0, torch.tensor([[0, 1, 2, 0]]), 2.0))
t('scatter_add', lambda: torch.zeros(3, 5).scatter_add(1, torch.tensor([[0, 0], [2, 2], [4, 4]]), x))
t('scatter_red', lambda: torch.ones(3, 5).scatter(1, torch.tensor([[0, 0], [2, 2], [4, 4]]), x, reduce='multiply'))
t('gather', lambda: torch.gather(i, 1, torch.tensor([[0, 0], [1, 0], [3, 2]])))
t('gather_err', lambda: torch.gather(i, 1, torch.tensor([[0, 5]])))
t('gather_err2', lambda: torch.gather(i, 1, torch.tensor([[0, 1]]).int()))
t('isel', lambda: torch.index_select(x, 0, torch.tensor([2, 0])))
t('isel_err', lambda: torch.index_select(x, 0, torch.tensor([3])))
t('isel_f', lambda: torch.index_select(x, 0, torch.tensor([1.])))
t('nonzero', lambda: torch.nonzero(i % 3 == 0))
t('nonzero_tuple', lambda: torch.nonzero(i % 3 == 0, as_tuple=True))
t('where1', lambda: torch.where(i > 8))
t('argwhere', lambda: torch.argwhere(i > 8))
t('nonzero_0d', lambda: torch.nonzero(torch.tensor(5), as_tuple=True))
t('nonzero_0d_zero', lambda: torch.nonzero(torch.tensor(0), as_tuple=True))
t('nonzero_false', lambda: torch.nonzero(torch.tensor([0, 3]), as_tuple=False))
t('nonzero_method', lambda: torch.tensor([0, 3]).nonzero(as_tuple=True))
t('where_int', lambda: torch.where(torch.tensor([[0, 3], [1, 0]])))
t('argwhere_0d', lambda: torch.argwhere(torch.tensor(5)))
t('argwhere_method', lambda: torch.tensor([0, 1]).argwhere())
t('where3', lambda: torch.where(i > 5, i, -i))
