from typing import Optional, Union, List

print(Optional[int] == Union[int, None], Union[int, str] == Union[str, int])
print(Optional[int] == (int | None), Union[int, str] == (str | int), Union[int, int, str])
print(Union[int, Union[str, float]], Union[int, str | None], hash(Union[int, str]) == hash(Union[str, int]))
print(isinstance(1, Union[int, str]), isinstance(1.5, Union[int, str]), isinstance(None, Optional[str]))
print(issubclass(bool, Union[int, str]), Union[int, str].__args__, Optional[int].__args__)
print(int | List[int], List[int] | None, Optional[List[int]] == (List[int] | None))
for bad in [lambda: Union[()], lambda: Optional[int, str], lambda: Union[3]]:
    try:
        bad()
    except TypeError as e:
        print("TypeError:", e)
