# A plain-Python data-processing script: parsing records, grouping, sorting, formatting.
RAW = """widget,tools,4,2.50
gadget,toys,10,1.25
doohickey,tools,1,19.99
gizmo,toys,3,7.00
thingamajig,misc,0,3.33
whatsit,tools,7,0.99"""


class Item:
    def __init__(self, name, category, qty, price):
        self.name = name
        self.category = category
        self.qty = int(qty)
        self.price = float(price)

    @property
    def value(self):
        return self.qty * self.price

    def __repr__(self):
        return f"Item({self.name!r}, {self.qty})"


items = [Item(*line.split(",")) for line in RAW.splitlines()]
by_cat = {}
for it in items:
    by_cat.setdefault(it.category, []).append(it)
print(f"{'category':<10}{'items':>6}{'value':>10}")
for cat in sorted(by_cat):
    group = by_cat[cat]
    total = sum(i.value for i in group)
    print(f"{cat:<10}{len(group):>6}{total:>10.2f}")
out_of_stock = [i for i in items if i.qty == 0]
print("out of stock:", out_of_stock)
top = max(items, key=lambda i: i.value)
print(f"top: {top.name} ({top.value:.2f})")
print(sorted(items, key=lambda i: (-i.qty, i.name))[:3])
print("{:.1%} of items in tools".format(len(by_cat["tools"]) / len(items)))
