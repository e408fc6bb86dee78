from lenwordle.cli.app import main

main()
