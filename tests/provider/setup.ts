jest.setTimeout(3 * 60 * 1000);
