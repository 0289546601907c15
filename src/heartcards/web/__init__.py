"""The Web app: FastAPI pages, game API and the static front end."""
