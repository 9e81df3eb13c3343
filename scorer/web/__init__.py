"""The web app, on top of the games, the print kits, photo reading and saved games: an app
factory (app.py) and one blueprint per part (api, pages, history, records, printing,
photo_pages). Nothing below imports it."""
