#!/usr/bin/env python3
"""Places the corpus's upstream files: corpus/upstream/<name>/<dest> for every file of
every manifest entry, read with `git show COMMIT:PATH` from a local clone or bare mirror
of the entry's repository. Nothing is downloaded here; get the repositories first (a
clone, or the mirrors a fetch tool leaves, named OWNER+NAME).

usage: corpus/extract.py [--mirrors DIR] [--git-dir NAME=GITDIR ...] [names...]

--mirrors DIR   look for each repository at DIR/OWNER+NAME/repo (a bare repository or a
                work tree with .git), then DIR/OWNER+NAME and DIR/NAME
--git-dir N=G   the git directory (or work tree) for entry N

An entry whose repository is not found is reported and left alone (the runner then
marks it SKIP). Existing files are overwritten.
"""
import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def git_dir_candidates(mirrors, repository):
    owner, name = repository.split("/")
    for base in (os.path.join(mirrors, owner + "+" + name, "repo"),
                 os.path.join(mirrors, owner + "+" + name), os.path.join(mirrors, name)):
        yield base
        yield os.path.join(base, ".git")


def is_git_dir(path):
    return os.path.isfile(os.path.join(path, "HEAD")) and os.path.isdir(os.path.join(path, "objects"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mirrors", default="/work/.mirror")
    ap.add_argument("--git-dir", action="append", default=[])
    ap.add_argument("names", nargs="*")
    args = ap.parse_args()
    explicit = dict(a.split("=", 1) for a in args.git_dir)
    with open(os.path.join(HERE, "manifest.json")) as f:
        entries = json.load(f)["entries"]
    known = {e["name"] for e in entries}
    for n in args.names:
        if n not in known:
            sys.exit("extract.py: unknown entry '%s'" % n)
    failed = 0
    for e in entries:
        if args.names and e["name"] not in args.names:
            continue
        cands = [explicit[e["name"]]] if e["name"] in explicit else list(
            git_dir_candidates(args.mirrors, e["repository"]))
        gd = next((c for c in cands if is_git_dir(c)), None)
        if gd is None:
            print("missing %s: no repository for %s" % (e["name"], e["repository"]))
            continue
        root = os.path.join(HERE, "upstream", e["name"])
        ok = True
        for fl in e["files"]:
            r = subprocess.run(["git", "--git-dir", gd, "show", "%s:%s" % (e["commit"], fl["src"])],
                               capture_output=True)
            if r.returncode != 0:
                print("error %s: %s" % (e["name"], r.stderr.decode().strip()))
                ok = False
                continue
            dest = os.path.join(root, fl["dest"])
            os.makedirs(os.path.dirname(dest), exist_ok=True)
            with open(dest, "wb") as out:
                out.write(r.stdout)
        for rel in e["empty_files"]:
            dest = os.path.join(root, rel)
            os.makedirs(os.path.dirname(dest), exist_ok=True)
            open(dest, "w").close()
        print("%s %s (%d files from %s)" % ("placed" if ok else "partial", e["name"],
                                            len(e["files"]), gd))
        failed += not ok
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
