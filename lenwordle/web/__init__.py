"""The web page (`lenwordle serve`): a Starlette app over the Python API, a game per browser;
the page's files (static/) are the package's own. Needs the [web] extra."""
