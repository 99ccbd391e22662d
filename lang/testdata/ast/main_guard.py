def main():
    print("hi")

if __name__ == "__main__":
    main()
