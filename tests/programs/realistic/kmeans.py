# k-means on seeded 2-D points using broadcasting, argmin and masked means.
import torch

torch.manual_seed(0)
centers_true = torch.tensor([[0.0, 0.0], [5.0, 5.0], [0.0, 5.0]])
points = torch.cat([c + torch.randn(20, 2) * 0.5 for c in centers_true])
centroids = points[torch.tensor([0, 20, 40])].clone()
for step in range(5):
    dists = ((points[:, None, :] - centroids[None, :, :]) ** 2).sum(-1)
    assign = dists.argmin(dim=1)
    for k in range(3):
        members = points[assign == k]
        if members.shape[0] > 0:
            centroids[k] = members.mean(dim=0)
    counts = [int((assign == k).sum()) for k in range(3)]
    print(step, counts)
print(centroids)
print(torch.allclose(centroids, centers_true, atol=0.5))
