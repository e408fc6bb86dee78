from lenwordle.cli import main

main()
